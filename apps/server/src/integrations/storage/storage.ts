import { createHash } from 'node:crypto';
import type { Db } from '@meucardapio/db/client';
import { files } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';

export type StoredFile = { id: string; url: string };
export interface FileStorage {
  put(input: { restaurantId: string | null; contentType: string; data: Buffer }): Promise<StoredFile>;
  get(id: string): Promise<{ contentType: string; data: Buffer; sha256: string } | null>;
}

/** Default storage: files live in the database and are served by /api/files/:id. */
export function databaseStorage(db: Db): FileStorage {
  return {
    async put({ restaurantId, contentType, data }) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const [row] = await db
        .insert(files)
        .values({ restaurantId, contentType, size: data.length, sha256, data })
        .returning({ id: files.id });
      return { id: row.id, url: `/api/files/${row.id}` };
    },
    async get(id) {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return row ? { contentType: row.contentType, data: row.data, sha256: row.sha256 } : null;
    },
  };
}
