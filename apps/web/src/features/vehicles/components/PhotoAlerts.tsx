import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { vehicles as t } from '../../../i18n/vehicles';
import type { useVehiclePhotos } from './use-vehicle-photos';

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

/**
 * What a vehicle form does with its photos before saving: waits for the uploads in flight
 * (`waiting`, said by PhotoAlerts), and holds the save when one failed (`blocked`), the focus on
 * the photo picker `pickerId`. `ready()` resolves true when the form may be sent.
 */
export function usePhotoGate(photos: ReturnType<typeof useVehiclePhotos>, pickerId: string) {
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const ready = async (): Promise<boolean> => {
    setWaiting(photos.uploading);
    const { failed } = await photos.settled();
    setWaiting(false);
    setBlocked(failed);
    if (failed) document.getElementById(pickerId)?.focus();
    return !failed;
  };
  return { waiting, blocked, ready };
}
