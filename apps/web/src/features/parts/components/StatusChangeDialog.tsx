import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { Part, StatusChange } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useServerErrors } from '../../../components/use-server-errors';
import { messages } from '../../../i18n';
import { formatNumber } from '../../../lib/format';
import { calendarDayFromToday } from './format';
import { statusChangeResolver } from './status-change-resolver';

const t = messages.lifecycle;

/** The first field of each dialog: it takes the focus once the dialog is open. */
const FIRST_FIELD = { riservato: 'riserva-cliente', venduto: 'vendita-prezzo' } as const;

/** How many days a reservation lasts unless the clerk says otherwise. */
export const DEFAULT_RESERVATION_DAYS = 7;

/** The status changes that ask for details first. */
export type DialogTarget = 'riservato' | 'venduto';

interface FormProps {
  part: Part;
  titleId: string;
  /** Sends the change; rejects with the server's refusal, shown on the form. */
  onSubmit: (change: StatusChange) => Promise<void>;
  onCancel: () => void;
}

interface ReserveValues {
  cliente: string;
  telefono: string;
  fino: string;
}
const RESERVE_FIELDS = ['cliente', 'telefono', 'fino'] as const;

/** The buttons under a dialog's form: 'Annulla', and the change itself. */
function Actions({ pending, submit, onCancel }: { pending: boolean; submit: string; onCancel: () => void }) {
  return (
    <Modal.Footer>
      <Button variant="secondary" onClick={onCancel}>
        {t.cancel}
      </Button>
      <SubmitButton pending={pending} pendingLabel={t.sending}>
        {submit}
      </SubmitButton>
    </Modal.Footer>
  );
}

/** 'Riserva': the customer (a phone if given) and the last day, a week from today unless changed. */
function ReserveForm({ part, titleId, onSubmit, onCancel }: FormProps) {
  const today = calendarDayFromToday(0);
  const form = useForm<ReserveValues, unknown, StatusChange>({
    resolver: statusChangeResolver((values: ReserveValues) => ({ stato: 'riservato', ...values })),
    defaultValues: {
      // Changing a reservation starts from the one in force (its day, unless already past).
      cliente: part.riserva?.cliente ?? '',
      telefono: part.riserva?.telefono ?? '',
      fino:
        part.riserva && part.riserva.fino >= today
          ? part.riserva.fino
          : calendarDayFromToday(DEFAULT_RESERVATION_DAYS),
    },
  });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, RESERVE_FIELDS);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (change) => {
    clearServerError();
    await onSubmit(change).catch(showServerError);
  });
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Modal.Header closeButton closeLabel={messages.common.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t.reserve.title(part.nome)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormField
          {...form.register('cliente')}
          id="riserva-cliente"
          label={t.reserve.cliente}
          required
          autoComplete="off"
          error={errors.cliente?.message}
        />
        <FormField
          {...form.register('telefono')}
          control="tel"
          id="riserva-telefono"
          label={t.reserve.telefono}
          autoComplete="off"
          error={errors.telefono?.message}
        />
        <FormField
          {...form.register('fino')}
          control="date"
          id="riserva-fino"
          className="mb-0"
          label={t.reserve.fino}
          required
          min={today}
          hint={t.reserve.finoHint}
          error={errors.fino?.message}
        />
        <FormError message={serverError} />
      </Modal.Body>
      <Actions pending={isSubmitting} submit={t.reserve.submit} onCancel={onCancel} />
    </Form>
  );
}

interface SellValues {
  prezzo: string;
  data: string;
}
const SELL_FIELDS = ['prezzo', 'data'] as const;

/** 'Vendi': the price paid (the asking price to start with) and the day (today to start with). */
function SellForm({ part, titleId, onSubmit, onCancel }: FormProps) {
  const today = calendarDayFromToday(0);
  const form = useForm<SellValues, unknown, StatusChange>({
    resolver: statusChangeResolver((values: SellValues) => ({
      stato: 'venduto',
      prezzo: values.prezzo,
      // Left empty, the server records today.
      data: values.data.trim() === '' ? undefined : values.data,
    })),
    defaultValues: {
      prezzo: part.prezzo === null ? '' : formatNumber(part.prezzo, 2, 2),
      data: today,
    },
  });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, SELL_FIELDS);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (change) => {
    clearServerError();
    await onSubmit(change).catch(showServerError);
  });
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Modal.Header closeButton closeLabel={messages.common.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t.sell.title(part.nome)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormField
          {...form.register('prezzo')}
          control="decimal"
          decimals={2}
          fixedDecimals
          id="vendita-prezzo"
          label={t.sell.prezzo}
          required
          autoComplete="off"
          hint={t.sell.prezzoHint}
          error={errors.prezzo?.message}
        />
        <FormField
          {...form.register('data')}
          control="date"
          id="vendita-data"
          className="mb-0"
          label={t.sell.data}
          max={today}
          error={errors.data?.message}
        />
        <FormError message={serverError} />
      </Modal.Body>
      <Actions pending={isSubmitting} submit={t.sell.submit} onCancel={onCancel} />
    </Form>
  );
}

interface StatusChangeDialogProps {
  /** The part and the change asked for; kept while the dialog closes. */
  request: { part: Part; target: DialogTarget } | null;
  show: boolean;
  onSubmit: (change: StatusChange) => Promise<void>;
  onCancel: () => void;
  /** After the closing animation: the request may be forgotten. */
  onExited: () => void;
}

/**
 * The dialog of a status change that needs details ('Riserva', 'Vendi'): named by its title, the
 * cursor in its first field, Esc or 'Annulla' to leave it. The contract's schema checks the form;
 * the server's refusal (a move no longer allowed, a day in the past) is shown in it.
 */
export function StatusChangeDialog({ request, show, onSubmit, onCancel, onExited }: StatusChangeDialogProps) {
  const titleId = useId();
  const Body = request?.target === 'venduto' ? SellForm : ReserveForm;
  return (
    <Modal
      show={show}
      onHide={onCancel}
      // The modal focuses itself first (and remembers where the focus was, to put it back on close).
      onEntered={() => {
        if (request) document.getElementById(FIRST_FIELD[request.target])?.focus();
      }}
      onExited={onExited}
      centered
      aria-labelledby={titleId}
    >
      {request && (
        <Body
          key={`${request.part._id}:${request.target}`}
          part={request.part}
          titleId={titleId}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}
