import { SignupInputSchema } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useSignup } from '../api/signup';
import { AuthForm } from '../components/AuthForm';
import { authFields } from '../components/auth-fields';
import { SwitchScreenLine } from '../components/SwitchScreenLine';

const t = messages.auth.register;

/** Sign-up screen. On success the guards lead to the dashboard (or the page first asked for). */
export default function RegisterPage() {
  const signup = useSignup();

  return (
    <AuthForm
      texts={t}
      schema={SignupInputSchema}
      fields={[authFields.username, authFields.email, authFields.newPassword]}
      onSubmit={(values) => signup.mutateAsync(values)}
      notice={<p className="small text-body-secondary">{messages.common.requiredHint}</p>}
      footer={<SwitchScreenLine question={t.haveAccount} to={paths.login.getHref()} label={t.login} />}
    />
  );
}
