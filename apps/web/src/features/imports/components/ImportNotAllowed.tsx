import { Link } from 'react-router';
import { ROLE_LABELS } from '@magazzino/contract';
import { PageHeader } from '../../../components/PageHeader';
import { imports as t } from '../../../i18n/imports';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';

/**
 * What 'Importa componenti' shows a role that cannot change parts (sola lettura): why, and the way
 * to the list. The server refuses the import calls anyway (403); nothing is asked of it here.
 */
export function ImportNotAllowed() {
  const { user } = useSession();
  const role = user ? ROLE_LABELS[user.role] : '';
  return (
    <section className="container">
      <PageHeader title={t.title} />
      <div className="alert alert-warning" role="alert">
        <h2 className="alert-heading h5">{t.readOnly.title}</h2>
        <p className="mb-0">{t.readOnly.text(role)}</p>
      </div>
      <Link className="btn btn-primary" to={paths.parts.getHref()}>
        {t.readOnly.back}
      </Link>
    </section>
  );
}
