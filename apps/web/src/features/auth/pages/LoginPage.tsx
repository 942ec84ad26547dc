import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router';
import { LoginInputSchema } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import type { AuthLocationState } from '../../../lib/session/return-path';
import { useLogin } from '../api/login';
import { AuthForm } from '../components/AuthForm';
import { authFields } from '../components/auth-fields';
import { SwitchScreenLine } from '../components/SwitchScreenLine';

const t = messages.auth.login;

/** Sign-in screen. On success the /login guard goes back to the page first asked for. */
export default function LoginPage() {
  const location = useLocation();
  const notice = (location.state as AuthLocationState | null)?.notice;
  const login = useLogin();

  return (
    <AuthForm
      texts={t}
      schema={LoginInputSchema}
      fields={[authFields.email, authFields.password]}
      onSubmit={(values) => login.mutateAsync(values)}
      notice={
        <>
          {notice === 'password-changed' && (
            <Alert variant="success" className="py-2">
              {t.passwordChanged}
            </Alert>
          )}
          {notice === 'session-expired' && (
            <Alert variant="warning" className="py-2" role="status">
              {t.sessionExpired}
            </Alert>
          )}
        </>
      }
      footer={
        <>
          <p className="mb-1">
            <Link to={paths.forgotPassword.getHref()}>{t.forgot}</Link>
          </p>
          <SwitchScreenLine question={t.noAccount} to={paths.register.getHref()} label={t.register} />
        </>
      }
    />
  );
}
