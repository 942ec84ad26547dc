import { Link } from 'react-router';
import { ROLE_LABELS } from '@magazzino/contract';
import { PageHeader } from '../../../components/PageHeader';
import { vehicles as t } from '../../../i18n/vehicles';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * What the add and edit screens show instead of their form to a role that cannot change the
 * warehouse (sola lettura): why, and the way to the list. The server refuses those calls anyway.
 */
export function VehicleReadOnlyNotice({ title }: { title: string }) {
  useDocumentTitle(title);
  const { user } = useSession();
  const role = user ? ROLE_LABELS[user.role] : '';
  return (
    <section className="container">
      <PageHeader title={title} />
      <div className="alert alert-warning" role="alert">
        <h2 className="alert-heading h5">{t.readOnly.title}</h2>
        <p className="mb-0">{t.readOnly.text(role)}</p>
      </div>
      <Link className="btn btn-primary" to={paths.vehicles.getHref()}>
        {t.readOnly.back}
      </Link>
    </section>
  );
}
