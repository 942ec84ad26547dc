import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '../../../lib/format';
import { messages } from '../../../i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import {
  AccountActions,
  AccountName,
  RoleSelect,
  StatusBadge,
  type AccountHandlers,
  type AccountView,
} from './account-controls';

const t = messages.users.table;

interface UsersListProps {
  views: AccountView[];
  handlers: AccountHandlers;
}

/** The accounts: a table on a wide screen, one card per account on a phone. */
export function UsersList({ views, handlers }: UsersListProps) {
  const phone = useMediaQuery('(max-width: 767.98px)');
  if (phone) {
    return (
      <ul className="list-unstyled users-cards" aria-label={t.caption}>
        {views.map((view) => (
          <li key={view.account._id} className="mb-3">
            <Card>
              <Card.Body>
                <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-1">
                  <h3 className="h6 mb-0">
                    <AccountName view={view} />
                  </h3>
                  <StatusBadge account={view.account} />
                </div>
                <p className="mb-1 text-break">{view.account.email}</p>
                <p className="small text-body-secondary mb-2">
                  {t.created}{' '}
                  <time dateTime={view.account.createdAt}>{formatDateTime(view.account.createdAt)}</time>
                </p>
                <div className="mb-2">
                  <RoleSelect view={view} handlers={handlers} />
                </div>
                <AccountActions view={view} handlers={handlers} />
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table hover className="users-table align-middle">
      <caption className="visually-hidden">{t.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.email}</th>
          <th scope="col">{t.role}</th>
          <th scope="col">{t.status}</th>
          <th scope="col">{t.created}</th>
          <th scope="col">{t.actions}</th>
        </tr>
      </thead>
      <tbody>
        {views.map((view) => (
          <tr key={view.account._id}>
            <th scope="row" className="fw-normal">
              <AccountName view={view} />
            </th>
            <td className="text-break">{view.account.email}</td>
            <td>
              <RoleSelect view={view} handlers={handlers} />
            </td>
            <td>
              <StatusBadge account={view.account} />
            </td>
            <td>
              <time dateTime={view.account.createdAt}>{formatDateTime(view.account.createdAt)}</time>
            </td>
            <td>
              <AccountActions view={view} handlers={handlers} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
