import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * Where uploaded files' bytes live, under a key the files module chooses (the file's id). What a file
 * is — its restaurant, type, size and hash — stays in the `files` table; only the bytes are here, so a
 * download or an upload never moves megabytes through the database.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when nothing is kept under `key`. */
  read(key: string): Promise<ReadableStream<Uint8Array> | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}$/;
function checkedKey(key: string) {
  // Keys are file ids; anything else could walk out of the folder or the bucket's prefix.
  if (!SAFE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** Files under `dir` (DATA_DIR/files by default), two letters of fan-out so no folder grows huge. */
export function diskStorage(dir: string): FileStorage {
  const pathOf = (key: string) => join(dir, checkedKey(key).slice(0, 2), key);
  return {
    kind: 'disk',
    async write(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, data, { mode: 0o600 });
      await rename(partial, path);
    },
    async read(key) {
      const handle = await open(pathOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  prefix: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Any S3-compatible object store (AWS S3, MinIO, Cloudflare R2…): what several instances share. */
export function s3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 demands them: many compatible stores refuse the newer streamed trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) => `${options.prefix}${checkedKey(key)}`;
  return {
    kind: 's3',
    async write(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data, ContentType: contentType }));
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return (out.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined) ?? null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
