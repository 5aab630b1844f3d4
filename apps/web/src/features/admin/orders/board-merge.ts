/** What the merge needs of an order: its key and where the board's list puts it (newest first). */
type Listed = { id: string; number: number; createdAt: string };

/**
 * The board's list after live events named `named`: those orders leave it and come back as the server
 * answered them under the list's filter (`fetched`: the named orders the list shows now), in the list's
 * order, kept to `max`. `complete` is false when the list held its `max` and lost some: orders beyond
 * its window may now belong in it, and only the whole list says which.
 */
export function mergeNamedOrders<O extends Listed>(
  held: readonly O[],
  named: readonly string[],
  fetched: readonly O[],
  max: number,
): { orders: O[]; complete: boolean } {
  const gone = new Set(named);
  const orders = [...held.filter((o) => !gone.has(o.id)), ...fetched].sort(newestFirst);
  return { orders: orders.slice(0, max), complete: held.length < max || orders.length >= max };
}

/** The server's order of the list: created last first, then the higher number. */
function newestFirst(a: Listed, b: Listed) {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.number - a.number;
}
