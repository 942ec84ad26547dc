import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { common } from '../i18n/common';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

const t = common.notFound;

/** The screen of any unknown path, with a way back to the homepage. */
export function NotFoundPage() {
  useDocumentTitle(t.title);
  return (
    <Container className="text-center py-5">
      <p className="not-found-code fw-bold text-body-secondary mb-2" aria-hidden="true">
        404
      </p>
      <h1 className="mb-3">{t.title}</h1>
      <p className="lead text-body-secondary mb-4">{t.text}</p>
      <Link to={paths.home.getHref()} className="btn btn-primary btn-lg">
        {t.home}
      </Link>
    </Container>
  );
}
