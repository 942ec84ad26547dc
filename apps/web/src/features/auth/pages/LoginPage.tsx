import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isTwoFactorChallenge } from '@magazzino/contract';
import { auth } from '../../../i18n/auth';
import { paths } from '../../../lib/paths';
import type { AuthLocationState } from '../../../lib/session/return-path';
import { useLogin } from '../api/login';
import { AuthForm } from '../components/AuthForm';
import { authFields } from '../components/auth-fields';
import { SwitchScreenLine } from '../components/SwitchScreenLine';
import { TwoFactorLoginStep } from '../components/TwoFactorLoginStep';

const t = auth.login;

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
      schema={() => import('../components/auth-schemas').then((m) => m.LoginInputSchema)}
      fields={[authFields.email, authFields.password]}
      onSubmit={async (values) => {
        const answer = await login.mutateAsync(values);
        if (isTwoFactorChallenge(answer)) setCodeStep(true);
      }}
      // Bootstrap's alert markup, not react-bootstrap's <Alert>: its fade transition is not part of
      // the sign-in screen's scripts (bench/README.md, "Bytes").
      notice={
        <>
          {notice === 'password-changed' && (
            <div className="alert alert-success py-2" role="alert">
              {t.passwordChanged}
            </div>
          )}
          {notice === 'session-expired' && (
            <div className="alert alert-warning py-2" role="status">
              {t.sessionExpired}
            </div>
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
