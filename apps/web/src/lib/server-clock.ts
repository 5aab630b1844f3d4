/**
 * The server's clock as this browser last saw it, from the `Date` of its answers. Opening hours are the
 * server's to decide: a phone set to the wrong day or hour must not tell a visitor that an open
 * restaurant is closed (or the other way round). Until an answer is seen, the browser's own clock.
 */
let offsetMs = 0;

/** Records the `Date` header of an answer received at `receivedAt` (ms); an absent or bad one changes nothing. */
export function noteServerDate(header: string | null, receivedAt = Date.now()) {
  const at = header ? Date.parse(header) : Number.NaN;
  if (!Number.isNaN(at)) offsetMs = at - receivedAt;
}

/** Now by the server's clock. */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}
