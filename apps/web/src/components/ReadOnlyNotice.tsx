import { Link } from 'react-router';
import { ROLE_LABELS } from '@magazzino/contract';
import { useSession } from '../lib/session/session-context';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from './PageHeader';

interface ReadOnlyNoticeProps {
  /** The screen's own title. */
  title: string;
  heading: string;
  /** Why not, given the name of the account's role. */
  text: (role: string) => string;
  back: { label: string; href: string };
}

/**
 * What a screen that changes the warehouse shows instead of its form to a role that cannot
 * (sola lettura): the screen's title, why, and the way back. The server refuses those calls anyway
 * (403); this spares the clerk a form that cannot be saved.
 */
export function ReadOnlyNotice({ title, heading, text, back }: ReadOnlyNoticeProps) {
  useDocumentTitle(title);
  const { user } = useSession();
  const role = user ? ROLE_LABELS[user.role] : '';
  return (
    <section className="container">
      <PageHeader title={title} />
      <div className="alert alert-warning" role="alert">
        <h2 className="alert-heading h5">{heading}</h2>
        <p className="mb-0">{text(role)}</p>
      </div>
      <Link className="btn btn-primary" to={back.href}>
        {back.label}
      </Link>
    </section>
  );
}
