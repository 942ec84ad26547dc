import Alert from 'react-bootstrap/Alert';
import { vehicles as t } from '../../../i18n/vehicles';

/** Why a save is waiting for the photos, or did not go because one of them failed. */
export function PhotoAlerts({ waiting, blocked }: { waiting: boolean; blocked: boolean }) {
  return (
    <>
      {waiting && <Alert variant="info">{t.photos.waiting}</Alert>}
      {blocked && (
        <Alert variant="danger" role="alert">
          {t.photos.blocked}
        </Alert>
      )}
    </>
  );
}
