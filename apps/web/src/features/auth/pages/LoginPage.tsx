import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router';
import { isTwoFactorChallenge, LoginInputSchema } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import type { AuthLocationState } from '../../../lib/session/return-path';
import { useLogin } from '../api/login';
import { AuthForm } from '../components/AuthForm';
import { authFields } from '../components/auth-fields';
import { SwitchScreenLine } from '../components/SwitchScreenLine';
import { TwoFactorLoginStep } from '../components/TwoFactorLoginStep';

const t = messages.auth.login;

/**
 * Sign-in screen. On success the /login guard goes back to the page first asked for. An account
 * with two-factor sign-in is asked for its code next, on the same screen.
 */
export default function LoginPage() {
  const location = useLocation();
  const notice = (location.state as AuthLocationState | null)?.notice;
  const login = useLogin();
  const [codeStep, setCodeStep] = useState(false);

  if (codeStep) return <TwoFactorLoginStep onBack={() => setCodeStep(false)} />;
  return (
    <AuthForm
      texts={t}
      schema={LoginInputSchema}
      fields={[authFields.email, authFields.password]}
      onSubmit={async (values) => {
        const answer = await login.mutateAsync(values);
        if (isTwoFactorChallenge(answer)) setCodeStep(true);
      }}
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
