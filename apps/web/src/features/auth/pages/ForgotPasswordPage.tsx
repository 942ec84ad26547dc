import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { ForgotPasswordInputSchema } from '@magazzino/contract';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/AuthCard';
import { useAuthForm } from '../components/use-auth-form';

const t = messages.auth;

/** Forgot-password screen: 'Cambia' mails a reset link, then the confirmation screen. */
export default function ForgotPasswordPage() {
  useDocumentTitle(t.forgot.title);
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    onSubmit,
    serverError,
  } = useAuthForm(ForgotPasswordInputSchema, { email: '' }, async (values) => {
    await forgot.mutateAsync(values);
    await navigate(paths.passwordSent.getHref());
  });

  return (
    <AuthCard
      title={t.forgot.title}
      intro={t.forgot.intro}
      footer={<Link to={paths.login.getHref()}>{t.forgot.back}</Link>}
    >
      <Form noValidate onSubmit={onSubmit} aria-label={t.forgot.title}>
        <FormField
          {...register('email')}
          label={t.fields.email}
          control="email"
          autoComplete="email"
          required
          error={errors.email?.message}
        />
        <SubmitButton pending={forgot.isPending || isSubmitting} pendingLabel={t.pending} className="w-100">
          {t.forgot.submit}
        </SubmitButton>
        <FormError message={serverError} />
      </Form>
    </AuthCard>
  );
}
