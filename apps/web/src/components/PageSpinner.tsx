import Spinner from 'react-bootstrap/Spinner';
import { common } from '../i18n/common';

/**
 * 'Caricamento in corso…' with a spinner: while a screen's code, the session check or a single
 * item (a part) is on its way. Lists show skeleton rows instead (LoadingSkeleton).
 */
export function PageSpinner({ label = common.loading }: { label?: string }) {
  return (
    <div className="loading-spinner" role="status">
      <Spinner animation="border" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
