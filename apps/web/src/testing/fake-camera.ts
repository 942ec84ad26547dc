import { afterEach, vi } from 'vitest';

/** What a test sees of the camera it faked. */
export interface FakeCamera {
  /** The constraints of every getUserMedia call. */
  requests: MediaStreamConstraints[];
  /** Whether every track handed out has been stopped (the camera's light is off). */
  allStopped(): boolean;
  /** How many streams were handed out. */
  streams(): number;
}

export interface FakeCameraOptions {
  /** The texts of the QR codes every frame shows (none: frames without a code). */
  codes?: string[];
  /** getUserMedia fails with a DOMException of this name ('NotAllowedError', 'NotFoundError'...). */
  error?: string;
  /** No navigator.mediaDevices at all (a page over plain http). */
  unavailable?: boolean;
}

const restores: (() => void)[] = [];

/** Replaces a property for the current test (undone after it). */
function replace<T extends object>(target: T, key: PropertyKey, descriptor: PropertyDescriptor): void {
  const previous = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...descriptor });
  restores.push(() => {
    if (previous) Object.defineProperty(target, key, previous);
    else Reflect.deleteProperty(target, key);
  });
}

afterEach(() => {
  for (let restore = restores.pop(); restore; restore = restores.pop()) restore();
});

/**
 * Fakes the browser's camera and QR detection (jsdom has neither): navigator.mediaDevices'
 * getUserMedia hands out a stream whose tracks record `stop()`, the video element plays and has
 * frames, and `BarcodeDetector` (the browser's API) finds `codes` in each frame. Undone after
 * the test.
 */
export function fakeCamera({ codes = [], error, unavailable = false }: FakeCameraOptions = {}): FakeCamera {
  const requests: MediaStreamConstraints[] = [];
  const tracks: { stopped: boolean }[] = [];
  const getUserMedia = (constraints: MediaStreamConstraints) => {
    requests.push(constraints);
    if (error) return Promise.reject(new DOMException('camera', error));
    const track = { stopped: false, stop: () => (track.stopped = true) };
    tracks.push(track);
    return Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream);
  };
  replace(navigator, 'mediaDevices', { value: unavailable ? undefined : { getUserMedia } });
  replace(HTMLMediaElement.prototype, 'play', { value: () => Promise.resolve() });
  replace(HTMLMediaElement.prototype, 'readyState', { get: () => HTMLMediaElement.HAVE_ENOUGH_DATA });
  replace(HTMLVideoElement.prototype, 'videoWidth', { get: () => 640 });
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats() {
        return Promise.resolve(['qr_code', 'ean_13']);
      }
      detect() {
        return Promise.resolve(codes.map((rawValue) => ({ rawValue })));
      }
    },
  );
  return {
    requests,
    allStopped: () => tracks.every((track) => track.stopped),
    streams: () => tracks.length,
  };
}
