import { createHash } from 'node:crypto';
import type { DbOrTx } from '@meucardapio/db/client';
import { files } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { type Deps, inTransaction, type ServiceCtx } from '../../http/context';
import { AppError } from '../../http/errors';
import { tenant } from '../../http/tenant';

export type NewFile = { id: string; contentType: string; data: Buffer };
type FileMeta = { id: string; contentType: string; size: number; sha256: string; inDatabase: boolean };

const MB = 1024 * 1024;

const quotaExceeded = (usedBytes: number, quotaMb: number) =>
  new AppError(
    409,
    'storage_quota_exceeded',
    'Espaço para imagens esgotado',
    `Sua loja já guarda ${(usedBytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB de ${quotaMb} MB em imagens. Envie uma imagem menor ou fale com o suporte.`,
  );

/** Bytes of files `restaurantId` keeps (every width of every upload). */
export async function bytesKept(db: DbOrTx, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .where(tenant(files, restaurantId));
  return Number(row.bytes);
}

/**
 * Keeps files of the context's restaurant: the bytes go to the file storage first (the slow part, no
 * transaction open), then one transaction checks the restaurant's quota and records them. Two uploads
 * at once take turns on the restaurant's lock, so together they cannot pass the quota; a refused or
 * failed upload takes its bytes back out of the storage.
 */
export async function keepFiles(ctx: ServiceCtx, list: NewFile[]): Promise<void> {
  const { storage } = ctx.deps.integrations;
  const quotaMb = ctx.deps.config.FILE_QUOTA_MB;
  await Promise.all(list.map((f) => storage.write(f.id, f.data, f.contentType)));
  try {
    await inTransaction(ctx, async (tx) => {
      await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${ctx.restaurantId}`}))`);
      const used = await bytesKept(tx.db, ctx.restaurantId);
      const adding = list.reduce((sum, f) => sum + f.data.length, 0);
      if (used + adding > quotaMb * MB) throw quotaExceeded(used, quotaMb);
      await tx.db.insert(files).values(
        list.map((f) => ({
          id: f.id,
          restaurantId: ctx.restaurantId,
          contentType: f.contentType,
          size: f.data.length,
          sha256: createHash('sha256').update(f.data).digest('hex'),
        })),
      );
    });
  } catch (err) {
    await Promise.allSettled(list.map((f) => storage.remove(f.id)));
    throw err;
  }
}

const META_CACHE_ENTRIES = 5_000;
/**
 * What each file is, per database: a file never changes under its id, so a download asks the database
 * once per file and instance, not once per request.
 */
const metaCaches = new WeakMap<object, Map<string, FileMeta>>();

async function fileMeta(db: DbOrTx, deps: Deps, id: string): Promise<FileMeta | null> {
  let cache = metaCaches.get(deps.database);
  if (!cache) {
    cache = new Map();
    metaCaches.set(deps.database, cache);
  }
  const hit = cache.get(id);
  if (hit) {
    // Re-inserted: the map's order is its least-recently-used order.
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const [row] = await db
    .select({
      id: files.id,
      contentType: files.contentType,
      size: files.size,
      sha256: files.sha256,
      inDatabase: sql<boolean>`${files.data} is not null`,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  if (!row) return null;
  cache.set(id, row);
  if (cache.size > META_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return row;
}

export type OpenedFile = FileMeta & {
  /** The bytes: streamed from the file storage, or read from the row for a file stored before it. */
  body(): Promise<ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | null>;
};

/** A file by id with its bytes to open, or null when there is none. */
export async function openFile({ db, deps }: { db: DbOrTx; deps: Deps }, id: string): Promise<OpenedFile | null> {
  const meta = await fileMeta(db, deps, id);
  if (!meta) return null;
  return {
    ...meta,
    async body() {
      if (!meta.inDatabase) return deps.integrations.storage.read(meta.id);
      const [row] = await db.select({ data: files.data }).from(files).where(eq(files.id, meta.id)).limit(1);
      return row?.data ? new Uint8Array(row.data) : null;
    },
  };
}
