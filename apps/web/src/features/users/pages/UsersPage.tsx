import { useEffect } from 'react';
import Container from 'react-bootstrap/Container';
import { messages } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { useSession, useSessionStore } from '../../../lib/session/session-context';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAccountSettings } from '../api/get-account-settings';
import { useUsers } from '../api/get-users';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NotAllowed } from '../components/NotAllowed';
import { RolesLegend } from '../components/RolesLegend';
import { SignupRequests } from '../components/SignupRequests';
import { SignupRoleForm } from '../components/SignupRoleForm';
import { TwoFactorRequiredSwitch } from '../components/TwoFactorRequiredSwitch';
import { useAccountChanges, type PendingConfirmation } from '../components/use-account-changes';
import { UsersError } from '../components/UsersError';
import { UsersList } from '../components/UsersList';
import '../components/users.css';

const t = messages.users;

/**
 * 'Utenti' (docs/product.md, "Roles"), for amministratori: the role of new accounts, the sign-ups
 * waiting for approval, then every other account with its role, status and actions. Anyone else
 * gets 'Accesso non consentito', and the page asks the server for nothing.
 */
export default function UsersPage() {
  useDocumentTitle(t.title);
  const allowed = useCan('users:manage');
  return allowed ? <UsersScreen /> : <NotAllowed />;
}

/** The dialog's title, text and button for the change waiting to be confirmed. */
function confirmTexts(confirmation: PendingConfirmation | null) {
  const name = confirmation?.account.username ?? '';
  switch (confirmation?.kind) {
    case 'self-demote':
      return {
        title: t.confirmSelfDemote.title,
        text: t.confirmSelfDemote.text(confirmation.role),
        confirmLabel: t.confirmSelfDemote.confirm,
      };
    case 'reset-two-factor':
      return {
        title: t.confirmResetTwoFactor.title(name),
        text: t.confirmResetTwoFactor.text,
        confirmLabel: t.confirmResetTwoFactor.confirm,
      };
    case 'reject':
      return {
        title: t.confirmReject.title(name),
        text: t.confirmReject.text,
        confirmLabel: t.confirmReject.confirm,
      };
    default:
      return {
        title: t.confirmDisable.title(name),
        text: t.confirmDisable.text,
        confirmLabel: t.confirmDisable.confirm,
      };
  }
}

function UsersScreen() {
  const { user } = useSession();
  const session = useSessionStore();
  const list = useUsers();
  const settings = useAccountSettings();
  const changes = useAccountChanges(user?._id);
  const { confirmation } = changes;
  const requests = list.data?.filter((account) => account.status === 'in_attesa') ?? [];
  const accounts = list.data?.filter((account) => account.status !== 'in_attesa') ?? [];

  // A 403 means the role stored in this browser is out of date: ask the server for the profile
  // again, and the page turns into 'Accesso non consentito' if the role is no longer amministratore.
  const forbidden = list.error instanceof ApiError && list.error.code === 'FORBIDDEN';
  useEffect(() => {
    if (forbidden) void session.confirm();
  }, [forbidden, session]);

  return (
    <Container className="py-3">
      <h1>{t.title}</h1>
      <p className="lead text-body-secondary mb-4">{t.intro}</p>

      {settings.isError && (
        <UsersError
          title={t.settings.loadError}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data && <SignupRoleForm settings={settings.data} />}
      {settings.data && <TwoFactorRequiredSwitch settings={settings.data} />}

      <div role="status" className="users-notice">
        {changes.notice && <p className="alert alert-success mb-3">{changes.notice}</p>}
      </div>
      {changes.failure && <UsersError title={changes.failure.title} error={changes.failure.error} />}
      {requests.length > 0 && <SignupRequests requests={requests} {...changes.requestHandlers} />}

      <h2 className="h4">{t.table.caption}</h2>
      {list.isPending && <p role="status">{t.loading}</p>}
      {list.isError && (
        <UsersError title={t.loadError} error={list.error} onRetry={() => void list.refetch()} />
      )}
      {list.data && <UsersList views={accounts.map(changes.viewOf)} handlers={changes.handlers} />}
      <RolesLegend />

      <ConfirmDialog
        show={changes.asking}
        {...confirmTexts(confirmation)}
        onConfirm={changes.confirm}
        onCancel={changes.cancel}
      />
    </Container>
  );
}
