import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import type { AuthLocationState } from '../../../lib/session/return-path';
import { useSessionStore } from '../../../lib/session/session-context';
import { useResetPassword } from '../api/reset-password';
import { AuthForm } from '../components/AuthForm';
import { authFields } from '../components/auth-fields';

const t = messages.auth;
const CHANGED: AuthLocationState = { notice: 'password-changed' };

/** New-password screen reached from the mailed link: 'Salva la nuova password', then the sign-in screen. */
export default function NewPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useSessionStore();
  const reset = useResetPassword();

  return (
    <AuthForm
      texts={t.newPassword}
      schema={() => import('../components/auth-schemas').then((m) => m.NewPasswordSchema)}
      fields={[{ ...authFields.newPassword, label: t.fields.newPassword }]}
      onSubmit={async ({ password }) => {
        await reset.mutateAsync({ token, password });
        // The server revoked every session of the account: sign in again with the new password.
        session.signOut();
        await navigate(paths.login.getHref(), { replace: true, state: CHANGED });
      }}
      footer={<Link to={paths.login.getHref()}>{t.newPassword.back}</Link>}
    />
  );
}
