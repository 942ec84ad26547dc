import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { LIMITS, PasswordSchema } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/AuthCard';
import { useAuthForm } from '../components/use-auth-form';
import { useSessionStore } from '../../../lib/session/session-context';
import type { AuthLocationState } from '../../../lib/session/return-path';

const t = messages.auth;
const NewPasswordSchema = z.object({ password: PasswordSchema });

/** New-password screen reached from the mailed link: 'Change', then the sign-in screen. */
export default function NewPasswordPage() {
  useDocumentTitle(t.newPassword.title);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useSessionStore();
  const reset = useResetPassword();
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    onSubmit,
    serverError,
  } = useAuthForm(NewPasswordSchema, { password: '' }, async ({ password }) => {
    await reset.mutateAsync({ token, password });
    // The server revoked every session of the account: sign in again with the new password.
    session.signOut();
    const state: AuthLocationState = { notice: 'password-changed' };
    await navigate(paths.login.getHref(), { replace: true, state });
  });

  return (
    <AuthCard
      title={t.newPassword.title}
      intro={t.newPassword.intro}
      footer={<Link to={paths.login.getHref()}>{t.newPassword.back}</Link>}
    >
      <Form noValidate onSubmit={onSubmit} aria-label={t.newPassword.title}>
        <FormField
          {...register('password')}
          label={t.fields.newPassword}
          control="password"
          autoComplete="new-password"
          required
          hint={t.passwordHint(LIMITS.passwordMin)}
          error={errors.password?.message}
        />
        <SubmitButton pending={reset.isPending || isSubmitting} pendingLabel={t.pending} className="w-100">
          {t.newPassword.submit}
        </SubmitButton>
        <FormError message={serverError} />
      </Form>
    </AuthCard>
  );
}
