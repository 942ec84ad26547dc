import Spinner from 'react-bootstrap/Spinner';
import { messages } from '../i18n';

/**
 * 'Caricamento in corso…' with a spinner: while a screen's code, the session check or a single
 * item (a part) is on its way. Lists show skeleton rows instead (LoadingSkeleton).
 */
export function PageSpinner({ label = messages.common.loading }: { label?: string }) {
  return (
    <div className="loading-spinner" role="status">
      <Spinner animation="border" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
