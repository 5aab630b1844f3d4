import { createHash } from 'node:crypto';
import type { DbOrTx } from '../client';
import { files } from '../schema';

export type StoredFile = { id: string; url: string };

/** Stores bytes in the database-backed `files` table; the server serves them at `/api/files/{id}`. */
export async function storeFile(
  db: DbOrTx,
  input: { restaurantId: string | null; contentType: string; data: Buffer | string },
): Promise<StoredFile> {
  const data = typeof input.data === 'string' ? Buffer.from(input.data, 'utf8') : input.data;
  const [row] = await db
    .insert(files)
    .values({
      restaurantId: input.restaurantId,
      contentType: input.contentType,
      size: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    })
    .returning({ id: files.id });
  return { id: row.id, url: `/api/files/${row.id}` };
}
