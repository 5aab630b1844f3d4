import { createHash } from 'node:crypto';
import type { Db } from '@meucardapio/db/client';
import { files } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';

export type StoredFile = { id: string; url: string };
export interface FileStorage {
  /** `id` only for files whose id is derived from another's (an image's smaller widths). */
  put(input: { restaurantId: string | null; contentType: string; data: Buffer; id?: string }): Promise<StoredFile>;
  get(id: string): Promise<{ contentType: string; data: Buffer; sha256: string } | null>;
}

/** Default storage: files live in the database and are served by /api/files/:id. */
export function databaseStorage(db: Db): FileStorage {
  return {
    async put({ restaurantId, contentType, data, id }) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const [row] = await db
        .insert(files)
        .values({ id, restaurantId, contentType, size: data.length, sha256, data })
        .returning({ id: files.id });
      return { id: row.id, url: `/api/files/${row.id}` };
    },
    async get(id) {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return row ? { contentType: row.contentType, data: row.data, sha256: row.sha256 } : null;
    },
  };
}
