import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  TwoFactorCodeInputSchema,
  TwoFactorDisableInputSchema,
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
  type TwoFactorStatus,
} from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useServerErrors } from '../../../components/use-server-errors';
import { messages } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useSession, useSessionStore } from '../../../lib/session/session-context';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { authKeys } from '../api/query-keys';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorSetupFlow } from './TwoFactorSetupFlow';

const t = messages.auth.twoFactor;

/** Recovery codes left under which the section suggests new ones. */
const FEW_CODES = 3;

/**
 * 'Verifica in due passaggi' on the account page: whether it is on, and 'Attiva' (QR code, first
 * code, recovery codes), 'Genera nuovi codici' and 'Disattiva'.
 */
export function TwoFactorSection() {
  const status = useTwoFactor();
  const { user } = useSession();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  // A new setup flow after each end (done or cancelled): its state starts again.
  const [round, setRound] = useState(0);
  // Set once the first code was right, until the codes are saved: a refetch saying 'on' meanwhile
  // must not take the codes off the screen.
  const [enrolling, setEnrolling] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() });
    await session.confirm();
  };

  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h4">
        {t.section.title}
      </h2>
      <p className="text-body-secondary">{t.section.intro}</p>
      <div role="status">{notice && <p className="alert alert-success py-2">{notice}</p>}</div>
      {status.isPending && <p role="status">{t.section.loading}</p>}
      {status.isError && (
        <p role="alert" className="form-error">
          {t.section.loadError}: {status.error.message}
        </p>
      )}
      {status.data && (!status.data.enabled || enrolling) && (
        <>
          {!enrolling && <StatusLine status={status.data} />}
          <TwoFactorSetupFlow
            key={round}
            email={user?.email ?? ''}
            startLabel={t.section.enable}
            onEnabled={() => {
              setEnrolling(true);
              setNotice(t.enabled);
            }}
            onDone={() => {
              setEnrolling(false);
              setRound((n) => n + 1);
              void refresh();
            }}
            onCancel={() => setRound((n) => n + 1)}
          />
        </>
      )}
      {status.data?.enabled && !enrolling && (
        <EnabledControls
          status={status.data}
          email={user?.email ?? ''}
          onDisabled={(message) => {
            setNotice(message);
            void session.confirm();
          }}
          onCodesSaved={() => void queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() })}
        />
      )}
    </section>
  );
}

function StatusLine({ status }: { status: TwoFactorStatus }) {
  return (
    <p className="mb-3">
      {t.section.status}:{' '}
      <Badge bg={status.enabled ? 'success' : 'secondary'}>
        {status.enabled ? t.section.on : t.section.off}
      </Badge>
      {status.enabled && status.enabledAt && (
        <span className="text-body-secondary ms-2">{t.section.since(formatDateTime(status.enabledAt))}</span>
      )}
    </p>
  );
}

interface EnabledControlsProps {
  status: TwoFactorStatus;
  email: string;
  onDisabled: (message: string) => void;
  onCodesSaved: () => void;
}

/** When it is on: the codes left, new codes, and turning it off (unless an amministratore requires it). */
function EnabledControls({ status, email, onDisabled, onCodesSaved }: EnabledControlsProps) {
  const [open, setOpen] = useState<'regenerate' | 'disable' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <RecoveryCodesPanel
        codes={codes}
        email={email}
        onSaved={() => {
          setCodes(null);
          setOpen(null);
          onCodesSaved();
        }}
      />
    );
  }
  return (
    <>
      <StatusLine status={status} />
      <p className={status.recoveryCodesLeft <= FEW_CODES ? 'text-warning-emphasis' : ''}>
        {t.section.codesLeft(status.recoveryCodesLeft)}{' '}
        {status.recoveryCodesLeft <= FEW_CODES && t.section.fewCodes}
      </p>
      {status.required && <p className="small text-body-secondary">{t.section.required}</p>}
      {open === null && (
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => setOpen('regenerate')}>
            {t.section.regenerate}
          </Button>
          {!status.required && (
            <Button variant="outline-danger" onClick={() => setOpen('disable')}>
              {t.section.disable}
            </Button>
          )}
        </div>
      )}
      {open === 'regenerate' && <RegenerateForm onCodes={setCodes} onCancel={() => setOpen(null)} />}
      {open === 'disable' && <DisableForm onDisabled={onDisabled} onCancel={() => setOpen(null)} />}
    </>
  );
}

/** 'Genera nuovi codici': a current code of the app gives ten new recovery codes. */
function RegenerateForm({ onCodes, onCancel }: { onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<TwoFactorCodeInput>({
    resolver: zodResolver(TwoFactorCodeInputSchema),
    defaultValues: { codice: '' },
  });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, ['codice']);
  const submit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      onCodes((await regenerate.mutateAsync(values)).recoveryCodes);
    } catch (error) {
      showServerError(error);
    }
  });
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t.section.regenerate}>
      <p className="small">{t.section.regenerateIntro}</p>
      <FormField
        {...form.register('codice')}
        label={t.login.code}
        required
        autoFocus
        autoComplete="one-time-code"
        inputMode="numeric"
        enterKeyHint="done"
        maxLength={7}
        inputClassName="font-monospace two-factor-code-input"
        error={form.formState.errors.codice?.message}
      />
      <FormActions
        pending={form.formState.isSubmitting}
        label={t.section.regenerate}
        onCancel={onCancel}
        serverError={serverError}
      />
    </Form>
  );
}

/** A code form's buttons (its action, 'Annulla') and the server's refusal under them. */
function FormActions({
  pending,
  label,
  onCancel,
  serverError,
}: {
  pending: boolean;
  label: string;
  onCancel: () => void;
  serverError: string | null;
}) {
  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={pending} pendingLabel={t.section.pending}>
          {label}
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t.section.cancel}
        </Button>
      </div>
      <FormError message={serverError} />
    </>
  );
}

/** 'Disattiva': the password and a code (of the app, or a recovery code). */
function DisableForm({
  onDisabled,
  onCancel,
}: {
  onDisabled: (message: string) => void;
  onCancel: () => void;
}) {
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorDisableInput>({
    resolver: zodResolver(TwoFactorDisableInputSchema),
    defaultValues: { password: '', codice: '' },
  });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, ['password', 'codice']);
  const submit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      await disable.mutateAsync(values);
      onDisabled(t.section.disabled);
    } catch (error) {
      showServerError(error);
    }
  });
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t.section.disable}>
      <p className="small">{t.section.disableIntro}</p>
      <FormField
        {...form.register('password')}
        label={messages.auth.fields.password}
        control="password"
        required
        autoFocus
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
      />
      <FormField
        {...form.register('codice')}
        label={t.login.code}
        required
        autoComplete="one-time-code"
        enterKeyHint="done"
        autoCapitalize="none"
        maxLength={20}
        inputClassName="font-monospace two-factor-code-input"
        error={form.formState.errors.codice?.message}
      />
      <FormActions
        pending={form.formState.isSubmitting}
        label={t.section.disable}
        onCancel={onCancel}
        serverError={serverError}
      />
    </Form>
  );
}
