import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router';
import { LoginInputSchema } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { useAuthForm } from '../components/use-auth-form';
import { carriedState, type AuthLocationState } from '../../../lib/session/return-path';

const t = messages.auth;

/** Sign-in screen. On success the /login guard goes back to the page first asked for. */
export default function LoginPage() {
  useDocumentTitle(t.login.title);
  const location = useLocation();
  const notice = (location.state as AuthLocationState | null)?.notice;
  const login = useLogin();
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    onSubmit,
    serverError,
  } = useAuthForm(LoginInputSchema, { email: '', password: '' }, async (values) => {
    await login.mutateAsync(values);
  });

  return (
    <AuthCard
      title={t.login.title}
      intro={t.login.intro}
      footer={
        <>
          <p className="mb-1">
            <Link to={paths.forgotPassword.getHref()}>{t.login.forgot}</Link>
          </p>
          <p className="mb-0">
            {t.login.noAccount}{' '}
            <Link to={paths.register.getHref()} state={carriedState(location.state)}>
              {t.login.register}
            </Link>
          </p>
        </>
      }
    >
      {notice === 'password-changed' && (
        <Alert variant="success" className="py-2">
          {t.login.passwordChanged}
        </Alert>
      )}
      {notice === 'session-expired' && (
        <Alert variant="warning" className="py-2" role="status">
          {t.login.sessionExpired}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-label={t.login.title}>
        <FormField
          {...register('email')}
          label={t.fields.email}
          control="email"
          autoComplete="email"
          required
          error={errors.email?.message}
        />
        <FormField
          {...register('password')}
          label={t.fields.password}
          control="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
        />
        <SubmitButton pending={login.isPending || isSubmitting} pendingLabel={t.pending} className="w-100">
          {t.login.submit}
        </SubmitButton>
        <FormError message={serverError} />
      </Form>
    </AuthCard>
  );
}
