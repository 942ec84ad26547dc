import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useRouteError } from 'react-router';
import { messages } from '../i18n';

const t = messages.common.routeError;

/** Shown when a screen fails to load or render (e.g. its code changed with a new release). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container className="py-5 text-center">
      <h1 className="mb-3">{t.title}</h1>
      <p className="text-body-secondary mb-4">{t.text}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t.reload}
      </Button>
    </Container>
  );
}
