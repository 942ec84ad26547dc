import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { ROLES, RoleSchema, type Role, type UserAccount } from '@magazzino/contract';
import { messages } from '../../../i18n';

const t = messages.users;

/** What the page does when a control of an account row is used. */
export interface AccountHandlers {
  onRoleChange: (account: UserAccount, role: Role) => void;
  onToggleStatus: (account: UserAccount) => void;
  onSendReset: (account: UserAccount) => void;
  /** 'Azzera verifica in due passaggi' (asks first). */
  onResetTwoFactor: (account: UserAccount) => void;
}

/** One account as a row (or card) shows it: whose it is and whether a change of it is under way. */
export interface AccountView {
  account: UserAccount;
  /** The signed-in amministratore's own account. */
  isSelf: boolean;
  /** A request about this account is running: its controls wait. */
  busy: boolean;
  /** The role shown: the one being saved while a change runs. */
  shownRole: Role;
}

/** The role of an account as a select; choosing another one asks the page to save it. */
export function RoleSelect({ view, handlers }: { view: AccountView; handlers: AccountHandlers }) {
  const { account } = view;
  return (
    <Form.Select
      size="sm"
      className="users-role-select"
      aria-label={t.table.roleOf(account.username)}
      value={view.shownRole}
      disabled={view.busy}
      onChange={(event) => {
        const role = RoleSchema.safeParse(event.target.value);
        if (role.success && role.data !== account.role) handlers.onRoleChange(account, role.data);
      }}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t.roles[role]}
        </option>
      ))}
    </Form.Select>
  );
}

const STATUS_COLOURS = { attivo: 'success', disabilitato: 'secondary', in_attesa: 'warning' } as const;

/** 'Attivo', 'Disabilitato' or 'In attesa di approvazione', and whether it signs in with two-factor sign-in. */
export function StatusBadge({ account }: { account: UserAccount }) {
  const colour = STATUS_COLOURS[account.status];
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <Badge bg={colour} text={colour === 'warning' ? 'dark' : undefined} className="users-status">
        {t.statuses[account.status]}
      </Badge>
      {account.twoFactorEnabled === true && (
        <Badge bg="info" text="dark" className="users-status">
          {t.twoFactor.badge}
        </Badge>
      )}
    </span>
  );
}

/** 'Disabilita' / 'Riattiva' (never on one's own account) and, for an active account, the reset mail. */
export function AccountActions({ view, handlers }: { view: AccountView; handlers: AccountHandlers }) {
  const { account } = view;
  const active = account.status === 'attivo';
  return (
    <div className="users-actions d-flex flex-wrap gap-2">
      {!view.isSelf && (
        <button
          type="button"
          className={`btn btn-sm ${active ? 'btn-soft-danger' : 'btn-soft-success'}`}
          disabled={view.busy}
          onClick={() => handlers.onToggleStatus(account)}
        >
          {active ? t.actions.disable : t.actions.enable}
          <span className="visually-hidden">{t.actions.of(account.username)}</span>
        </button>
      )}
      {active && (
        <button
          type="button"
          className="btn btn-sm btn-soft-secondary"
          disabled={view.busy}
          onClick={() => handlers.onSendReset(account)}
        >
          {t.actions.sendReset}
          <span className="visually-hidden">{t.actions.resetOf(account.username)}</span>
        </button>
      )}
      {account.twoFactorEnabled === true && (
        <button
          type="button"
          className="btn btn-sm btn-soft-danger"
          disabled={view.busy}
          onClick={() => handlers.onResetTwoFactor(account)}
        >
          {t.actions.resetTwoFactor}
          <span className="visually-hidden">{t.actions.twoFactorOf(account.username)}</span>
        </button>
      )}
    </div>
  );
}

/** The name, marked '(tu)' on one's own account. */
export function AccountName({ view }: { view: AccountView }) {
  return (
    <>
      <span className="fw-semibold text-break">{view.account.username}</span>
      {view.isSelf && <span className="text-body-secondary ms-1">{t.table.you}</span>}
    </>
  );
}
