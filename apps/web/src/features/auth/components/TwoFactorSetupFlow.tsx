import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TwoFactorCodeInputSchema, type TwoFactorCodeInput, type TwoFactorSetup } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useServerErrors } from '../../../components/use-server-errors';
import { messages } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import './two-factor.css';

const t = messages.auth.twoFactor;

interface TwoFactorSetupFlowProps {
  /** The account's email: the label in the app, the heading of the codes file. */
  email: string;
  /** The button that starts it: 'Attiva', 'Inizia'. */
  startLabel: string;
  /** The first code was right: the codes are shown, and kept until 'Ho salvato i codici'. */
  onEnabled?: () => void;
  /** The codes were saved: the enrolment is over. */
  onDone: () => void;
  /** 'Annulla' before the first code (absent: no way back, as on the forced screen). */
  onCancel?: () => void;
  /** The level of the steps' headings: under the page's h1 (2) or a section's h2 (3, the default). */
  headingLevel?: 2 | 3;
}

/**
 * Turning two-factor sign-in on: a start button, then the QR code (drawn by the server) with the
 * key to type by hand, the first code, and the ten recovery codes to save.
 */
export function TwoFactorSetupFlow({
  email,
  startLabel,
  onEnabled,
  onDone,
  onCancel,
  headingLevel = 3,
}: TwoFactorSetupFlowProps) {
  const start = useStartTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return <RecoveryCodesPanel codes={codes} email={email} onSaved={onDone} headingLevel={headingLevel} />;
  }
  if (!start.data) {
    return (
      <div>
        <Button
          variant="primary"
          disabled={start.isPending}
          aria-busy={start.isPending}
          onClick={() => start.mutate()}
        >
          {start.isPending ? t.setup.starting : startLabel}
        </Button>
        {start.isError && (
          <p role="alert" className="form-error mt-2 mb-0">
            {t.setup.startError}: {start.error.message}
          </p>
        )}
      </div>
    );
  }
  return (
    <SetupSteps
      // A new secret (Ricomincia) is a new form.
      key={start.data.secret}
      setup={start.data}
      headingLevel={headingLevel}
      onRestart={() => start.mutate()}
      restarting={start.isPending}
      onEnabled={(recoveryCodes) => {
        setCodes(recoveryCodes);
        onEnabled?.();
      }}
      onCancel={onCancel}
    />
  );
}

interface SetupStepsProps {
  setup: TwoFactorSetup;
  headingLevel: 2 | 3;
  onRestart: () => void;
  restarting: boolean;
  onEnabled: (codes: string[]) => void;
  onCancel: (() => void) | undefined;
}

/** The QR code and the key, then the first code of the app. */
function SetupSteps({ setup, headingLevel, onRestart, restarting, onEnabled, onCancel }: SetupStepsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const confirm = useConfirmTwoFactor();
  const form = useForm<TwoFactorCodeInput>({
    resolver: zodResolver(TwoFactorCodeInputSchema),
    defaultValues: { codice: '' },
  });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, ['codice']);
  const submit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      const answer = await confirm.mutateAsync(values);
      onEnabled(answer.recoveryCodes);
    } catch (error) {
      showServerError(error);
    }
  });
  const expired = serverError !== null && form.formState.errors.codice === undefined;

  return (
    <div className="two-factor-setup">
      <Heading className="h6">{t.setup.step1}</Heading>
      <div className="two-factor-qr mb-2">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t.setup.qrAlt}
        />
      </div>
      <p className="small mb-1">{t.setup.manual}</p>
      <p className="mb-3">
        <span className="visually-hidden">{t.setup.key}: </span>
        <code className="two-factor-key" data-testid="two-factor-key">
          {setup.secret}
        </code>
      </p>
      <Heading className="h6">{t.setup.step2}</Heading>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t.setup.step2}>
        <FormField
          {...form.register('codice')}
          label={t.login.code}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          enterKeyHint="done"
          maxLength={7}
          inputClassName="font-monospace two-factor-code-input"
          hint={t.setup.expires(formatDateTime(setup.expiresAt))}
          error={form.formState.errors.codice?.message}
        />
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel={t.section.pending}>
            {t.setup.confirm}
          </SubmitButton>
          {expired && (
            <Button variant="outline-secondary" disabled={restarting} onClick={onRestart}>
              {t.setup.restart}
            </Button>
          )}
          {onCancel && (
            <Button variant="outline-secondary" onClick={onCancel}>
              {t.section.cancel}
            </Button>
          )}
        </div>
        <FormError message={serverError} />
      </Form>
    </div>
  );
}
