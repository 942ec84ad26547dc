import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { messages } from '../../../i18n';

interface UsersErrorProps {
  title: string;
  error: unknown;
  onRetry?: () => void;
}

/** A failed call of the 'Utenti' page, in a red box with the server's message. */
export function UsersError({ title, error, onRetry }: UsersErrorProps) {
  const detail = error instanceof Error && error.message !== '' ? error.message : messages.common.api.network;
  return (
    <Alert variant="danger" role="alert" className="my-3">
      <Alert.Heading as="p" className="h6 fw-bold">
        {title}
      </Alert.Heading>
      <p className="mb-0">{detail}</p>
      {onRetry && (
        <Button variant="danger" size="sm" className="mt-2" onClick={onRetry}>
          {messages.users.retry}
        </Button>
      )}
    </Alert>
  );
}
