import { Link } from 'react-router';
import { ROLE_LABELS } from '@magazzino/contract';
import { PageHeader } from '../../../components/PageHeader';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * What the add, edit and delete screens show instead of their form to an account whose role
 * cannot change parts (sola lettura): the screen's own title, why, and the way to the list. The
 * server refuses those calls anyway (403); this spares the clerk a form that cannot be saved.
 */
export function ReadOnlyNotice({ title }: { title: string }) {
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
      <Link className="btn btn-primary" to={paths.parts.getHref()}>
        {t.readOnly.back}
      </Link>
    </section>
  );
}
