import { useState } from 'react';
import { Link } from 'react-router';
import type { SignupAccepted } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useSignupInfo } from '../api/get-signup-info';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/AuthCard';
import { AuthForm } from '../components/AuthForm';
import { authFields } from '../components/auth-fields';
import { SwitchScreenLine } from '../components/SwitchScreenLine';

const t = messages.auth.register;

/**
 * Sign-up screen (docs/product.md, "Accounts and sessions"). It says first what happens next
 * (SIGNUP). The first account of an installation is signed in at once. With SIGNUP=open the new
 * account then signs in with the password just chosen; with approval, or when that sign-in fails
 * (the address already had an account), the screen shows the server's answer, the same for every
 * address.
 */
export default function RegisterPage() {
  const info = useSignupInfo();
  const signup = useSignup();
  const login = useLogin();
  const [accepted, setAccepted] = useState<SignupAccepted | null>(null);
  const mode = info.data?.signup;
  const footer = <SwitchScreenLine question={t.haveAccount} to={paths.login.getHref()} label={t.login} />;

  if (accepted) {
    return (
      <AuthCard title={t.sent.title} footer={<Link to={paths.login.getHref()}>{t.sent.back}</Link>}>
        <p role="status" className="mb-0">
          {accepted.message}
        </p>
      </AuthCard>
    );
  }
  if (mode === 'closed') {
    return (
      <AuthCard title={t.title} footer={footer}>
        <p className="mb-0">{t.next.closed}</p>
      </AuthCard>
    );
  }
  return (
    <AuthForm
      texts={t}
      schema={() => import('../components/auth-schemas').then((m) => m.SignupInputSchema)}
      fields={[authFields.username, authFields.email, authFields.newPassword]}
      onSubmit={async (values) => {
        const result = await signup.mutateAsync(values);
        if (result.kind === 'signed-in') return;
        if (result.answer.signup === 'open') {
          try {
            // A new account opens at once; an address that already had one does not, and then
            // the answer below (the same either way) says what to do.
            await login.mutateAsync({ email: values.email, password: values.password });
            return;
          } catch {
            // Shown below.
          }
        }
        setAccepted(result.answer);
      }}
      notice={
        <>
          {mode && <p className="text-body-secondary">{t.next[mode]}</p>}
          <p className="small text-body-secondary">{messages.common.requiredHint}</p>
        </>
      }
      footer={footer}
    />
  );
}
