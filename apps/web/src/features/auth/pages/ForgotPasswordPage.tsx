import { Link, useNavigate } from 'react-router';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthForm } from '../components/AuthForm';
import { authFields } from '../components/auth-fields';

const t = messages.auth.forgot;

/** Forgot-password screen: 'Cambia' mails a reset link, then the confirmation screen. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();

  return (
    <AuthForm
      texts={t}
      schema={() => import('../components/auth-schemas').then((m) => m.ForgotPasswordInputSchema)}
      fields={[authFields.email]}
      onSubmit={async (values) => {
        await forgot.mutateAsync(values);
        await navigate(paths.passwordSent.getHref());
      }}
      footer={<Link to={paths.login.getHref()}>{t.back}</Link>}
    />
  );
}
