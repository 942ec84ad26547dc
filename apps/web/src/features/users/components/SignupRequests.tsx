import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ROLES, RoleSchema, type Role, type UserAccount } from '@magazzino/contract';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../../../i18n';
import { useMediaQuery } from '../../../lib/use-media-query';

const t = messages.users.requests;

/** What the page does with a request, and which one is being answered. */
export interface RequestHandlers {
  /** The role to give `account`: the one picked, or the request's proposed one. */
  roleOf: (account: UserAccount) => Role;
  onPickRole: (account: UserAccount, role: Role) => void;
  /** Approves `account` with `roleOf(account)`. */
  onApprove: (account: UserAccount) => void;
  onReject: (account: UserAccount) => void;
  /** The id of the request whose answer is being sent: its controls wait. */
  busyId: string | undefined;
}

interface SignupRequestsProps extends RequestHandlers {
  /** The accounts waiting for approval, oldest first. */
  requests: UserAccount[];
}

/**
 * The role to give (the request's proposed one at first), 'Approva' and 'Rifiuta'. The pick is the
 * page's, not this control's: it stays when the section is drawn again as cards or as a table.
 */
function RequestControls({
  account,
  roleOf,
  onPickRole,
  onApprove,
  onReject,
  busyId,
}: RequestHandlers & { account: UserAccount }) {
  const busy = busyId === account._id;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <Form.Select
        size="sm"
        className="users-role-select"
        aria-label={t.roleFor(account.username)}
        value={roleOf(account)}
        disabled={busy}
        onChange={(event) => {
          const parsed = RoleSchema.safeParse(event.target.value);
          if (parsed.success) onPickRole(account, parsed.data);
        }}
      >
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {messages.users.roles[option]}
          </option>
        ))}
      </Form.Select>
      <button
        type="button"
        className="btn btn-sm btn-soft-success"
        disabled={busy}
        onClick={() => onApprove(account)}
      >
        {t.approve}
        <span className="visually-hidden">{t.of(account.username)}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-soft-danger"
        disabled={busy}
        onClick={() => onReject(account)}
      >
        {t.reject}
        <span className="visually-hidden">{t.of(account.username)}</span>
      </button>
    </div>
  );
}

/**
 * 'Richieste di accesso': the accounts that signed up and wait (SIGNUP=approval), each with the
 * role to give and 'Approva' / 'Rifiuta'. A table on a wide screen, cards on a phone.
 */
export function SignupRequests({ requests, ...handlers }: SignupRequestsProps) {
  const phone = useMediaQuery('(max-width: 767.98px)');
  return (
    <section aria-labelledby="users-requests" className="mb-4">
      <h2 id="users-requests" className="h4">
        {t.title} <span className="badge text-bg-warning align-middle">{requests.length}</span>
      </h2>
      <p className="text-body-secondary">{t.intro}</p>
      {phone ? (
        <ul className="list-unstyled users-cards" aria-label={t.title}>
          {requests.map((account) => (
            <li key={account._id} className="mb-3">
              <Card border="warning">
                <Card.Body>
                  <h3 className="h6 mb-1 text-break">{account.username}</h3>
                  <p className="mb-1 text-break">{account.email}</p>
                  <p className="small text-body-secondary mb-2">
                    {t.registered}{' '}
                    <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>
                  </p>
                  <RequestControls account={account} {...handlers} />
                </Card.Body>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Table hover className="users-table align-middle">
          <caption className="visually-hidden">{t.title}</caption>
          <thead>
            <tr>
              <th scope="col">{messages.users.table.name}</th>
              <th scope="col">{messages.users.table.email}</th>
              <th scope="col">{t.registered}</th>
              <th scope="col">{messages.users.table.actions}</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((account) => (
              <tr key={account._id}>
                <th scope="row" className="fw-semibold text-break">
                  {account.username}
                </th>
                <td className="text-break">{account.email}</td>
                <td>
                  <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>
                </td>
                <td>
                  <RequestControls account={account} {...handlers} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
