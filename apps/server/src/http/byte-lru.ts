const SWEEP_EVERY_MS = 10_000;

type Slot<V> = { value: V; bytes: number; storedAt: number };

/**
 * What the menu, page and session caches share: values counted in bytes, the least recently used dropped first
 * once the total passes `maxBytes`, and values older than `maxAgeMs` neither answered nor kept (a sweep
 * at most every 10 s drops them even if nobody asks again).
 */
export class ByteLru<K, V> {
  /** Least recently used first. */
  private slots = new Map<K, Slot<V>>();
  private total = 0;
  private sweptAt = 0;

  constructor(private options: { maxBytes: number; maxAgeMs: number; onDrop?: (key: K, value: V) => void }) {}

  /** The value of `key` if kept and not too old, marked as just used. */
  get(key: K, now = Date.now()): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (now - slot.storedAt >= this.options.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  set(key: K, value: V, bytes: number, now = Date.now()) {
    this.delete(key);
    this.sweep(now);
    this.slots.set(key, { value, bytes, storedAt: now });
    this.total += bytes;
    this.evict();
  }

  /**
   * Counts `bytes` more for `value` (its size known, or grown, after it was stored), or fewer when
   * negative (a part of it let go), if it is still kept.
   */
  grow(key: K, value: V, bytes: number) {
    const slot = this.slots.get(key);
    if (!slot || slot.value !== value) return;
    slot.bytes += bytes;
    this.total += bytes;
    this.evict();
  }

  /** Drops `key` — only while it still holds `value`, when given. */
  delete(key: K, value?: V) {
    const slot = this.slots.get(key);
    if (!slot || (value !== undefined && slot.value !== value)) return;
    this.slots.delete(key);
    this.total -= slot.bytes;
    this.options.onDrop?.(key, slot.value);
  }

  clear() {
    for (const key of [...this.slots.keys()]) this.delete(key);
  }

  /** Drops every value `test` picks. */
  deleteWhere(test: (key: K, value: V) => boolean) {
    for (const [key, slot] of [...this.slots]) if (test(key, slot.value)) this.delete(key);
  }

  stats() {
    return { entries: this.slots.size, bytes: this.total };
  }

  private evict() {
    for (const key of this.slots.keys()) {
      if (this.total <= this.options.maxBytes) return;
      this.delete(key);
    }
  }

  private sweep(now: number) {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [key, slot] of this.slots) if (now - slot.storedAt >= this.options.maxAgeMs) this.delete(key);
  }
}
