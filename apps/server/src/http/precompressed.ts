import { createHash } from 'node:crypto';

/** A body kept ready to send: its tag and its bytes, compressed once when it was made. */
export type PrecompressedBody = {
  etag: string;
  identity: string;
  gzip: Uint8Array<ArrayBuffer>;
  brotli?: Uint8Array<ArrayBuffer>;
};

/** A strong ETag for a body: the same bytes always give the same tag, on every instance. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** If-None-Match matching (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Whether an Accept-Encoding header accepts `coding`: named (or `*`) with a q-value above 0, so
 * `gzip;q=0` is a refusal (RFC 9110 §12.5.3).
 */
export function acceptsEncoding(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  let wildcard: boolean | undefined;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard ?? false;
}

/**
 * The answer for a precompressed body: 304 when the browser holds it (a 200 only), else the smallest
 * encoding the browser accepts. An encoded body is left alone by the compression middleware.
 */
export function precompressedAnswer<S extends 200 | 404>(
  body: PrecompressedBody,
  meta: { status: S; contentType: string; cacheControl: string },
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
) {
  const headers: Record<string, string> = {
    etag: body.etag,
    'cache-control': meta.cacheControl,
    vary: 'Accept-Encoding',
  };
  if (meta.status === 200 && etagMatches(request.ifNoneMatch, body.etag)) {
    return { status: 304 as const, headers, body: null };
  }
  headers['content-type'] = meta.contentType;
  const accept = request.acceptEncoding;
  if (body.brotli && acceptsEncoding(accept, 'br')) {
    headers['content-encoding'] = 'br';
    return { status: meta.status, headers, body: body.brotli };
  }
  if (acceptsEncoding(accept, 'gzip')) {
    headers['content-encoding'] = 'gzip';
    return { status: meta.status, headers, body: body.gzip };
  }
  return { status: meta.status, headers, body: body.identity };
}
