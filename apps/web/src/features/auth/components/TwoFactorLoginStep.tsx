import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { TwoFactorLoginInput } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useServerErrors } from '../../../components/use-server-errors';
import { auth } from '../../../i18n/auth';
import { lazyZodResolver } from '../../../lib/lazy-schema-resolver';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { AuthCard } from './AuthCard';

const t = auth.twoFactor.login;

/**
 * The second step of a sign-in with two-factor sign-in: the 6 digits of the app (a numeric keypad
 * on a phone, filled in by the phone itself when it can), or a recovery code in a text field.
 * Success signs in as the password alone does; 'Torna all'accesso' goes back to the password.
 */
export function TwoFactorLoginStep({ onBack }: { onBack: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const send = useLoginTwoFactor();
  const [resolver] = useState(() =>
    lazyZodResolver(() => import('./auth-schemas').then((m) => m.TwoFactorLoginInputSchema)),
  );
  // The code is asked for now: fetch its schema while the clerk reads it off the app.
  useEffect(() => resolver.preload(), [resolver]);
  const form = useForm<TwoFactorLoginInput>({
    resolver,
    defaultValues: { codice: '' },
  });
  const { serverError, showServerError, clearServerError } = useServerErrors(form, ['codice']);
  const submit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      await send.mutateAsync(values);
    } catch (error) {
      showServerError(error);
    }
  });
  const switchMode = () => {
    setRecovery((on) => !on);
    form.reset({ codice: '' });
    clearServerError();
  };

  return (
    <AuthCard
      title={t.title}
      intro={recovery ? t.introRecovery : t.intro}
      footer={
        <Button variant="link" className="p-0" onClick={onBack}>
          {t.back}
        </Button>
      }
    >
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t.title}>
        <FormField
          // A new input for each mode: the phone's keyboard and autofill follow the type.
          key={recovery ? 'recovery' : 'app'}
          {...form.register('codice')}
          label={recovery ? t.recoveryCode : t.code}
          required
          autoFocus
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          enterKeyHint="done"
          autoCapitalize="none"
          maxLength={recovery ? 20 : 7}
          placeholder={recovery ? 'abcd-efgh-jk23' : undefined}
          inputClassName={recovery ? 'font-monospace' : 'font-monospace fs-4 text-center'}
          error={form.formState.errors.codice?.message}
        />
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel={auth.pending} className="w-100">
          {t.submit}
        </SubmitButton>
        <FormError message={serverError} />
      </Form>
      <Button variant="link" className="p-0 mt-3" onClick={switchMode}>
        {recovery ? t.useApp : t.useRecovery}
      </Button>
    </AuthCard>
  );
}
