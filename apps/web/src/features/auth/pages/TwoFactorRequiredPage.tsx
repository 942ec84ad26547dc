import Button from 'react-bootstrap/Button';
import { messages } from '../../../i18n';
import { useSession, useSessionStore } from '../../../lib/session/session-context';
import { useSignOut } from '../api/logout';
import { AuthCard } from '../components/AuthCard';
import { TwoFactorSetupFlow } from '../components/TwoFactorSetupFlow';

const t = messages.auth.twoFactor;

interface TwoFactorRequiredPageProps {
  /** The first code was right: the guard keeps this screen until the codes are saved. */
  onEnabled: () => void;
  /** The codes were saved: the guard lets the user on. */
  onDone: () => void;
}

/**
 * What a signed-in user sees, whatever the page, while the amministratore requires two-factor
 * sign-in and the account has not set it up (every data request would answer 403 meanwhile):
 * the enrolment, or signing out.
 */
export default function TwoFactorRequiredPage({ onEnabled, onDone }: TwoFactorRequiredPageProps) {
  const { user } = useSession();
  const session = useSessionStore();
  const signOut = useSignOut();
  return (
    <AuthCard
      title={t.required.title}
      intro={t.required.intro}
      footer={
        <Button variant="link" className="p-0" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t.required.signOut}
        </Button>
      }
    >
      <TwoFactorSetupFlow
        email={user?.email ?? ''}
        startLabel={t.required.start}
        headingLevel={2}
        onEnabled={onEnabled}
        onDone={() => {
          // The profile, read again, no longer asks for it.
          void session.confirm().then(onDone);
        }}
      />
    </AuthCard>
  );
}
