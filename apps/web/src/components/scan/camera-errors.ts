import { scan } from '../../i18n/scan';

const t = scan.camera;

/** Why the camera or the reader could not start, as the scanner says it. */
export type CameraProblem = keyof typeof t;

/**
 * The problem behind a failed getUserMedia, by the DOMException's name (older Chromium and
 * Firefox names included): refused, no camera, camera busy; anything else is 'failed'.
 */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** The Italian sentence of a camera problem. */
export function cameraProblemText(problem: CameraProblem): string {
  return t[problem];
}
