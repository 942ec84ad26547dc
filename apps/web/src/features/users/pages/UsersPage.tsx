import { useEffect } from 'react';
import Container from 'react-bootstrap/Container';
import { messages } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { useSession, useSessionStore } from '../../../lib/session/session-context';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAccountSettings } from '../api/get-account-settings';
import { useUsers } from '../api/get-users';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { NotAllowed } from '../components/NotAllowed';
import { RolesLegend } from '../components/RolesLegend';
import { SignupRoleForm } from '../components/SignupRoleForm';
import { useAccountChanges } from '../components/use-account-changes';
import { UsersError } from '../components/UsersError';
import { UsersList } from '../components/UsersList';
import '../components/users.css';

const t = messages.users;

/**
 * 'Utenti' (docs/product.md, "Roles"), for amministratori: the role of new accounts, then every
 * account with its role, status and actions. Anyone else gets 'Accesso non consentito', and the
 * page asks the server for nothing.
 */
export default function UsersPage() {
  useDocumentTitle(t.title);
  const allowed = useCan('users:manage');
  return allowed ? <UsersScreen /> : <NotAllowed />;
}

function UsersScreen() {
  const { user } = useSession();
  const session = useSessionStore();
  const list = useUsers();
  const settings = useAccountSettings();
  const changes = useAccountChanges(user?._id);
  const { confirmation } = changes;

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

      <h2 className="h4">{t.table.caption}</h2>
      <div role="status" className="users-notice">
        {changes.notice && <p className="alert alert-success mb-3">{changes.notice}</p>}
      </div>
      {changes.failure && <UsersError title={changes.failure.title} error={changes.failure.error} />}
      {list.isPending && <p role="status">{t.loading}</p>}
      {list.isError && (
        <UsersError title={t.loadError} error={list.error} onRetry={() => void list.refetch()} />
      )}
      {list.data && <UsersList views={list.data.map(changes.viewOf)} handlers={changes.handlers} />}
      <RolesLegend />

      <ConfirmDialog
        show={changes.asking}
        title={
          confirmation?.kind === 'self-demote'
            ? t.confirmSelfDemote.title
            : t.confirmDisable.title(confirmation?.account.username ?? '')
        }
        text={
          confirmation?.kind === 'self-demote'
            ? t.confirmSelfDemote.text(confirmation.role)
            : t.confirmDisable.text
        }
        confirmLabel={
          confirmation?.kind === 'self-demote' ? t.confirmSelfDemote.confirm : t.confirmDisable.confirm
        }
        onConfirm={changes.confirm}
        onCancel={changes.cancel}
      />
    </Container>
  );
}
