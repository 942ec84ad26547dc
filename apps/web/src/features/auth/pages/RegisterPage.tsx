import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router';
import { LIMITS, SignupInputSchema } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/AuthCard';
import { useAuthForm } from '../components/use-auth-form';
import { carriedState } from '../../../lib/session/return-path';

const t = messages.auth;

/** Sign-up screen. On success the guards lead to the dashboard (or the page first asked for). */
export default function RegisterPage() {
  useDocumentTitle(t.register.title);
  const location = useLocation();
  const signup = useSignup();
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    onSubmit,
    serverError,
  } = useAuthForm(SignupInputSchema, { username: '', email: '', password: '' }, async (values) => {
    await signup.mutateAsync(values);
  });

  return (
    <AuthCard
      title={t.register.title}
      intro={t.register.intro}
      footer={
        <p className="mb-0">
          {t.register.haveAccount}{' '}
          <Link to={paths.login.getHref()} state={carriedState(location.state)}>
            {t.register.login}
          </Link>
        </p>
      }
    >
      <p className="small text-body-secondary">{messages.common.requiredHint}</p>
      <Form noValidate onSubmit={onSubmit} aria-label={t.register.title}>
        <FormField
          {...register('username')}
          label={t.fields.username}
          autoComplete="username"
          required
          error={errors.username?.message}
        />
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
          autoComplete="new-password"
          required
          hint={t.passwordHint(LIMITS.passwordMin)}
          error={errors.password?.message}
        />
        <SubmitButton pending={signup.isPending || isSubmitting} pendingLabel={t.pending} className="w-100">
          {t.register.submit}
        </SubmitButton>
        <FormError message={serverError} />
      </Form>
    </AuthCard>
  );
}
