import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';

const t = messages.users.forbidden;

/**
 * What a signed-in user without `users:manage` sees at /utenti: not the 404 (the page exists,
 * and one who was just demoted should learn why it is gone), and nothing of its data.
 */
export function NotAllowed() {
  return (
    <Container className="text-center py-5">
      <p className="display-1 fw-bold text-body-secondary mb-0" aria-hidden="true">
        403
      </p>
      <h1 className="mb-3">{t.title}</h1>
      <p className="lead mb-4">{t.text}</p>
      <Link to={paths.home.getHref()} className="btn btn-primary btn-lg">
        {t.home}
      </Link>
    </Container>
  );
}
