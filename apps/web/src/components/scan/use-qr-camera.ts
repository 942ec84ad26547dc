import { useEffect, useRef, useState, type RefObject } from 'react';
import { cameraProblem, type CameraProblem } from './camera-errors';
import { createQrDetector } from './qr-detector';

/** How often a frame is read: often enough to feel instant, rarely enough to spare a phone's battery. */
export const FRAME_INTERVAL_MS = 150;

/** Where the camera stands: starting, reading frames, or stopped by a problem the clerk is told. */
export type CameraState =
  { status: 'starting' } | { status: 'scanning' } | { status: 'failed'; problem: CameraProblem };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops every track of a stream: the camera's light goes off and another app may use it. */
function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The back camera (`facingMode: environment`) shown in the returned `video`, every frame's QR codes passed to
 * `onCode` as text until it takes one (returns true). Unmounting stops the stream (a new try is a
 * new mount). A refused permission, no camera, a busy camera, an insecure page or a reader
 * that did not load end in 'failed' with the reason.
 */
export function useQrCamera(onCode: (text: string) => boolean): {
  /** The <video> the picture plays in. */
  video: RefObject<HTMLVideoElement | null>;
  state: CameraState;
} {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    const element = video.current;

    async function run(): Promise<void> {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ status: 'failed', problem: 'insecure' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState({ status: 'failed', problem: cameraProblem(error) });
        return;
      }
      if (stopped || !element) {
        stopStream(stream);
        return;
      }
      element.srcObject = stream;
      // Muted and inline, so every browser plays it without a tap; a refused play() still shows frames.
      await Promise.resolve()
        .then(() => element.play())
        .catch(() => undefined);
      let detector;
      try {
        detector = await createQrDetector();
      } catch {
        if (!stopped) setState({ status: 'failed', problem: 'reader' });
        stopStream(stream);
        return;
      }
      if (stopped) return;
      setState({ status: 'scanning' });
      while (!stopped) {
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          const codes = await detector.detect(element).catch(() => []);
          for (const code of codes) {
            // Reading ends with the first code taken; the picture stays until the reader closes.
            if (!stopped && code.rawValue !== '' && latestOnCode.current(code.rawValue)) return;
          }
        }
        await sleep(FRAME_INTERVAL_MS);
      }
    }

    void run();
    return () => {
      stopped = true;
      stopStream(stream);
      if (element) element.srcObject = null;
    };
  }, []);

  return { video, state };
}
