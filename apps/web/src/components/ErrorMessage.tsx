import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { common } from '../i18n/common';

const t = common.loadError;

interface ErrorMessageProps {
  title: string;
  error: unknown;
  /** When given, a 'Riprova' button repeats the failed call. */
  onRetry?: () => void;
}

/** A failed call, said on the page in Italian (never a browser alert), with a way to retry. */
export function ErrorMessage({ title, error, onRetry }: ErrorMessageProps) {
  const detail = error instanceof Error && error.message !== '' ? error.message : t.networkError;
  return (
    <Alert variant="danger" role="alert" className="my-3">
      <Alert.Heading as="p" className="h6 fw-bold">
        {title}
      </Alert.Heading>
      <p className="mb-0">{detail}</p>
      {onRetry && (
        <Button variant="danger" size="sm" className="mt-2" onClick={onRetry}>
          {t.retry}
        </Button>
      )}
    </Alert>
  );
}
