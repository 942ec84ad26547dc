import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { resolveByteRange, type ByteRange, type ResolvedByteRange } from './byte-range.js';
import { assertMediaKey, isMediaKey } from './media-keys.js';
import {
  StorageUnavailableError,
  type MediaStorage,
  type StoredObject,
  type StoredObjectInfo,
  type TempFile,
} from './media-storage.js';
import { ScratchFolder } from './scratch-folder.js';

/** S3's largest page of ListObjectsV2. */
const MAX_LIST_PAGE = 1000;
const CONTENT_RANGE_START = /^bytes (\d+)-/;

/** The first `length` bytes of `source`; stopping early destroys it (no more is downloaded). */
async function* firstBytes(source: Readable, length: number): AsyncGenerator<Buffer> {
  let left = length;
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    if (bytes.length >= left) {
      yield bytes.subarray(0, left);
      return;
    }
    left -= bytes.length;
    yield bytes;
  }
}

export interface S3MediaStorageOptions {
  /** Made by `createS3Client` (timeouts, retries, checksums); closed with the storage. */
  client: S3Client;
  bucket: string;
  /** Put before every key, so that one bucket can hold other things: '' or ending with '/'. */
  prefix?: string;
  /** Local folder for scratch files: uploads are received and decoded from local bytes. */
  scratchDir: string;
  /** Keys asked per ListObjectsV2 page (S3's maximum, 1000, unless a test wants several pages). */
  listPageSize?: number;
}

function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The object is not there: GetObject says NoSuchKey, HeadObject (no body) only NotFound. */
function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * "HTTP 403 InvalidAccessKeyId: The AWS Access Key Id...", "ECONNREFUSED: connect ECONNREFUSED
 * 127.0.0.1:9000", "TimeoutError: ...": what went wrong, for the message of the failure.
 */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = httpStatusOf(error);
  const code = (error as { code?: unknown }).code;
  const name = error.name === 'Error' && typeof code === 'string' ? code : error.name;
  // Answers without a body (HEAD) come with the SDK's placeholder message only.
  const message = error.message && error.message !== 'UnknownError' ? `: ${error.message}` : '';
  return `${status === undefined ? '' : `HTTP ${status} `}${name}${message}`;
}

/**
 * Images as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), under
 * `<prefix><key>` with no folders of their own: object stores do not need them. Any failure to
 * reach or use the bucket rejects with StorageUnavailableError naming the bucket and the
 * operation. Scratch files stay local (a ScratchFolder), as image decoders read local bytes.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly scratch: ScratchFolder;
  private readonly listPageSize: number;

  constructor(options: S3MediaStorageOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    if (this.prefix !== '' && !this.prefix.endsWith('/')) {
      throw new Error(`The S3 key prefix must end with '/': ${this.prefix}`);
    }
    this.scratch = new ScratchFolder(options.scratchDir);
    this.listPageSize = Math.min(options.listPageSize ?? MAX_LIST_PAGE, MAX_LIST_PAGE);
  }

  private objectKey(key: string): string {
    assertMediaKey(key);
    return `${this.prefix}${key}`;
  }

  /** The error callers see: which operation on which object of which bucket, and why. */
  private failure(operation: string, key: string | null, cause: unknown): StorageUnavailableError {
    const where = `s3://${this.bucket}/${this.prefix}${key ?? ''}`;
    return new StorageUnavailableError(`S3 ${operation} ${where} failed: ${describeFailure(cause)}`, {
      cause,
    });
  }

  createTempFile(): Promise<TempFile> {
    return this.scratch.createTempFile();
  }

  purgeTempFiles(olderThan: Date): Promise<number> {
    return this.scratch.purge(olderThan);
  }

  /**
   * One PUT, which S3 applies whole or not at all. Content-MD5 makes the store refuse a body that
   * arrives damaged or cut short instead of keeping it; the content type is kept as metadata.
   */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      Body: data,
      ContentLength: data.length,
      ContentType: contentType,
      ContentMD5: createHash('md5').update(data).digest('base64'),
    });
    try {
      await this.client.send(command);
    } catch (error) {
      throw this.failure('put', key, error);
    }
  }

  /** The scratch folder is usable and the bucket answers to these credentials. */
  async checkReady(): Promise<void> {
    await this.scratch.checkReady();
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 404) {
        throw new StorageUnavailableError(`S3 bucket ${this.bucket} does not exist (HTTP 404)`, {
          cause: error,
        });
      }
      if (status === 403) {
        throw new StorageUnavailableError(
          `S3 bucket ${this.bucket} refuses these credentials (HTTP 403): check S3_ACCESS_KEY_ID and its permissions`,
          { cause: error },
        );
      }
      throw this.failure('check', null, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  /** The size of the object, null when there is none. */
  private async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw this.failure('head', key, error);
    }
  }

  /**
   * Streams the object from the bucket. A range is resolved against the object's size (a HEAD
   * first) and asked as `bytes=start-end`: every S3-compatible store understands that form the
   * same way, while suffixes and ends past the object vary between them. Ranges are rare for
   * photos (resumed downloads), so the extra round trip costs little.
   */
  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    let resolved: ResolvedByteRange | undefined;
    let size: number | null = null;
    if (range) {
      size = await this.sizeOf(key);
      if (size === null) return null;
      resolved = resolveByteRange(range, size);
    }
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key,
          ...(resolved ? { Range: `bytes=${resolved.start}-${resolved.end}` } : {}),
        }),
      );
    } catch (error) {
      // Deleted between the HEAD and the GET, or simply not there.
      if (isMissingObject(error)) return null;
      throw this.failure('get', key, error);
    }
    const body = answer.Body;
    if (!(body instanceof Readable)) {
      throw this.failure('get', key, new Error('the answer has no body stream'));
    }
    if (resolved && size !== null) {
      return { body: this.checkedSlice(key, answer, body, resolved), size, range: resolved };
    }
    if (answer.ContentLength === undefined) {
      body.destroy();
      throw this.failure('get', key, new Error('the answer has no Content-Length'));
    }
    return { body, size: answer.ContentLength };
  }

  /**
   * The bytes asked for out of a ranged answer. Stores vary: s3rver answers `bytes=0-0` with the
   * whole object, some ignore Range altogether. An answer that starts where asked and holds at
   * least the bytes asked is cut to them (and the rest never downloaded); any other is refused,
   * so that other bytes never go out as the range.
   */
  private checkedSlice(
    key: string,
    answer: { ContentRange?: string; ContentLength?: number },
    body: Readable,
    range: ResolvedByteRange,
  ): Readable {
    const length = range.end - range.start + 1;
    const answeredStart =
      answer.ContentRange === undefined ? 0 : Number(CONTENT_RANGE_START.exec(answer.ContentRange)?.[1]);
    if (answer.ContentLength === length && answeredStart === range.start) return body;
    if (answeredStart === range.start && (answer.ContentLength ?? 0) > length) {
      return Readable.from(firstBytes(body, length));
    }
    body.destroy();
    const answered = answer.ContentRange ?? `${String(answer.ContentLength)} bytes`;
    throw this.failure(
      'get',
      key,
      new Error(`asked for bytes ${range.start}-${range.end}, answered ${answered}`),
    );
  }

  /** S3 answers a DELETE of a missing object like any other: nothing to check. */
  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      throw this.failure('delete', key, error);
    }
  }

  /**
   * Page after page of ListObjectsV2 under the prefix. Keys that are not media keys (deeper
   * "folders", other applications' objects) are not ours and never listed, so never cleaned up.
   */
  async *list(): AsyncIterable<StoredObjectInfo> {
    let continuationToken: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            MaxKeys: this.listPageSize,
            ...(this.prefix === '' ? {} : { Prefix: this.prefix }),
            ...(continuationToken === undefined ? {} : { ContinuationToken: continuationToken }),
          }),
        );
      } catch (error) {
        throw this.failure('list', null, error);
      }
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (key === undefined || !isMediaKey(key)) continue;
        // S3 always sends both; an object without a date counts as new, so no cleanup takes it.
        yield { key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }
}
