import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { scan } from '../../i18n/scan';
import { cameraProblemText } from './camera-errors';
import { useQrCamera } from './use-qr-camera';

const t = scan.dialog;

interface QrCameraProps {
  /** Every QR text read (a refused one again on later frames): true takes it and ends the reading. */
  onCode: (text: string) => boolean;
  /** A refusal of the last code read, shown under the picture while reading goes on. */
  refusal: string | null;
}

/** One try of the camera: the picture, what is going on, or why it stopped with 'Riprova'. */
function CameraAttempt({ onCode, refusal, onRetry }: QrCameraProps & { onRetry: () => void }) {
  const { video, state } = useQrCamera(onCode);
  const failed = state.status === 'failed';
  return (
    <div className="scan-camera">
      <div className={`scan-viewport${failed ? ' d-none' : ''}`}>
        {/* The picture says nothing to a screen reader: the line under it says what to do. */}
        <video ref={video} className="scan-video" muted playsInline autoPlay aria-hidden="true" />
        <span className="scan-frame" aria-hidden="true" />
      </div>
      <p role="status" className="scan-status small mb-0 mt-2">
        {state.status === 'starting' ? t.starting : state.status === 'scanning' ? (refusal ?? t.aim) : ''}
      </p>
      {failed && (
        <Alert variant="warning" className="mb-0">
          <p className="mb-2">{cameraProblemText(state.problem)}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t.retry}
          </Button>
        </Alert>
      )}
    </div>
  );
}

/**
 * The live picture of the back camera with its QR reader (use-qr-camera.ts). 'Riprova' after a
 * problem starts a new try (a new camera request); leaving stops the camera.
 */
export function QrCamera(props: QrCameraProps) {
  const [attempt, setAttempt] = useState(0);
  return <CameraAttempt key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}
