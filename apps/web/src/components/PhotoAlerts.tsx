import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { Photos } from '../lib/use-photos';

/** What a form says about its photos at save time, in its own words ('Il componente sarà salvato…'). */
export interface PhotoAlertMessages {
  /** The save waits for uploads still on their way. */
  waiting: string;
  /** The save did not go because a photo failed. */
  blocked: string;
}

/** Why a save is waiting for the photos, or did not go because one of them failed. */
export function PhotoAlerts({
  waiting,
  blocked,
  messages,
}: {
  waiting: boolean;
  blocked: boolean;
  messages: PhotoAlertMessages;
}) {
  return (
    <>
      {waiting && <Alert variant="info">{messages.waiting}</Alert>}
      {blocked && (
        <Alert variant="danger" role="alert">
          {messages.blocked}
        </Alert>
      )}
    </>
  );
}

/**
 * What a form does with its photos before saving: waits for the uploads in flight (`waiting`,
 * said by PhotoAlerts), and holds the save when one failed (`blocked`), the focus on the photo
 * picker `pickerId`. `ready()` resolves true when the form may be sent; `clear()` forgets a
 * blocked save (a form started again).
 */
export function usePhotoGate(photos: Pick<Photos, 'photos' | 'uploading' | 'settled'>, pickerId: string) {
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
  // Said until the failed photo is retried or removed.
  const stillFailed = photos.photos.some((photo) => photo.status === 'failed');
  return { waiting, blocked: blocked && stillFailed, ready, clear: () => setBlocked(false) };
}
