import { S3Client } from '@aws-sdk/client-s3';

/** Where an S3-compatible store is and how to sign in to it (the `s3` media storage of the config). */
export interface S3ClientSettings {
  /** Unset: AWS itself, for `region`. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (AWS_* variables, shared files, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** A store that does not accept the connection within this time counts as down. */
export const S3_CONNECTION_TIMEOUT_MS = 3_000;
/** A connection silent this long (no bytes either way, a response body too) is given up. */
export const S3_SOCKET_TIMEOUT_MS = 30_000;
/** Each operation is tried this many times in all (the SDK's backoff between tries, ~0.1-1 s). */
export const S3_MAX_ATTEMPTS = 3;

/**
 * The S3 client of the media storage. Timeouts are short so that a store that is down fails an
 * upload or the readiness probe in seconds instead of holding them. Checksums are sent only when
 * an operation requires one: the SDK's default CRC32 headers are refused by several S3-compatible
 * stores, and `S3MediaStorage.put` sends Content-MD5 itself, which every one of them checks.
 */
export function createS3Client(settings: S3ClientSettings): S3Client {
  const { endpoint, region, credentials, forcePathStyle } = settings;
  return new S3Client({
    region,
    forcePathStyle,
    ...(endpoint === undefined ? {} : { endpoint }),
    // A copy: the SDK keeps its own object, never the config's (which hides its secret from logs).
    ...(credentials === undefined
      ? {}
      : {
          credentials: {
            accessKeyId: credentials.accessKeyId,
            secretAccessKey: credentials.secretAccessKey,
          },
        }),
    maxAttempts: S3_MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: S3_CONNECTION_TIMEOUT_MS, socketTimeout: S3_SOCKET_TIMEOUT_MS },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
