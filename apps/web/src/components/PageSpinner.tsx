import Spinner from 'react-bootstrap/Spinner';
import { messages } from '../i18n';

/** Shown while a screen's code or the session check is on its way. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{messages.common.loading}</span>
      </Spinner>
    </div>
  );
}
