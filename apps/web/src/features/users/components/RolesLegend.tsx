import { ROLES } from '@magazzino/contract';
import { messages } from '../../../i18n';

const t = messages.users;

/** What each role may do, in one line each, under the list. */
export function RolesLegend() {
  return (
    <section aria-labelledby="users-roles-legend" className="mt-4">
      <h2 id="users-roles-legend" className="h6">
        {t.rolesLegend}
      </h2>
      <ul className="mb-0 text-body-secondary">
        {ROLES.map((role) => (
          <li key={role}>
            <span className="fw-semibold text-body">{t.roles[role]}</span>: {t.roleHints[role]}
          </li>
        ))}
      </ul>
    </section>
  );
}
