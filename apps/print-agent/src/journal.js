import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What this computer already handed to a printer and the server has not yet heard of. A job is
 * written here (and flushed to disk) as soon as the printer took its bytes, before the acknowledgement;
 * after a crash or a power cut the agent acknowledges these jobs instead of printing them again.
 */
export class Journal {
  /** @param {string} dir */
  constructor(dir) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, 'impressos.log');
    /** @type {Set<string>} */
    this.pending = new Set();
    if (existsSync(this.path)) {
      for (const line of readFileSync(this.path, 'utf8').split('\n')) {
        const [what, id] = line.split(' ');
        if (what === 'entregue' && id) this.pending.add(id);
        if (what === 'confirmado' && id) this.pending.delete(id);
      }
    }
    this.#compact();
    this.fd = openSync(this.path, 'a');
  }

  /** @param {string} id */
  delivered(id) {
    return this.pending.has(id);
  }

  /** Recorded durably: it returns only once the line is on disk. @param {string} id */
  markDelivered(id) {
    this.#append(`entregue ${id}\n`);
    this.pending.add(id);
  }

  /** @param {string} id */
  markAcknowledged(id) {
    if (!this.pending.delete(id)) return;
    this.#append(`confirmado ${id}\n`);
  }

  /** @param {string} line */
  #append(line) {
    writeSync(this.fd, line);
    fsyncSync(this.fd);
  }

  /** Rewrites the file with only what is still unacknowledged, atomically. */
  #compact() {
    const tmp = `${this.path}.tmp`;
    const fd = openSync(tmp, 'w');
    writeSync(fd, [...this.pending].map((id) => `entregue ${id}\n`).join(''));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.path);
  }

  close() {
    closeSync(this.fd);
  }
}
