import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { LIMITS } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { useChangePassword } from '../api/change-password';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { AuthForm } from '../components/AuthForm';
import type { AuthField } from '../components/auth-fields';

const t = messages.auth.changePassword;

const FIELDS = [
  { name: 'currentPassword', label: t.current, control: 'password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: t.new,
    control: 'password',
    autoComplete: 'new-password',
    hint: messages.auth.passwordHint(LIMITS.passwordMin),
  },
] as const satisfies readonly AuthField<'currentPassword' | 'newPassword'>[];

/**
 * 'Cambia password' (from the user menu): the current password and a new one; the server ends
 * every other session. Below it, 'Esci da tutti i dispositivi' ends them without a new password.
 */
export default function ChangePasswordPage() {
  const change = useChangePassword();
  const endOthers = useEndOtherSessions();
  // A new form after each change: the passwords typed do not stay in the fields.
  const [round, setRound] = useState(0);
  const [changed, setChanged] = useState<string | null>(null);

  return (
    <AuthForm
      key={round}
      texts={t}
      schema={() => import('../components/auth-schemas').then((m) => m.ChangePasswordInputSchema)}
      fields={FIELDS}
      onSubmit={async (values) => {
        setChanged(null);
        const answer = await change.mutateAsync(values);
        setChanged(answer.message);
        setRound((n) => n + 1);
      }}
      notice={
        <div role="status">
          {changed && (
            <Alert variant="success" className="py-2">
              {changed}
            </Alert>
          )}
        </div>
      }
      footer={
        <section aria-labelledby="end-other-sessions">
          <h2 id="end-other-sessions" className="h6">
            {t.devices.title}
          </h2>
          <p className="small text-body-secondary">{t.devices.text}</p>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {endOthers.isPending ? t.devices.pending : t.devices.submit}
          </Button>
          <div role="status" className="mt-2 small">
            {endOthers.isSuccess && <p className="mb-0 text-success-emphasis">{endOthers.data.message}</p>}
          </div>
          {endOthers.isError && (
            <p role="alert" className="mb-0 mt-2 small text-danger-emphasis">
              {t.devices.failed}: {endOthers.error.message}
            </p>
          )}
        </section>
      }
    />
  );
}
