import { createServer, type Server, type Socket } from 'node:net';

/**
 * A network thermal printer on a loopback port (raw TCP, like port 9100): it takes ESC/POS bytes until
 * the sender closes and decodes them into what would come out on paper: text lines (in the code page
 * the ticket selected), the QR codes' contents, whether it cut and opened the drawer.
 */

export type Printout = {
  bytes: Buffer;
  text: string;
  lines: string[];
  qr: string[];
  cut: boolean;
  drawer: boolean;
  /** Text printed in double height (the order number, the table). */
  big: string[];
  receivedAt: number;
};

// The pt-BR letters of the two code pages the product uses (IBM CP860 Portuguese, CP850 Latin-1).
const CP860: Record<number, string> = {
  128: 'Ç',
  129: 'ü',
  130: 'é',
  131: 'â',
  132: 'ã',
  133: 'à',
  134: 'Á',
  135: 'ç',
  136: 'ê',
  137: 'Ê',
  138: 'è',
  139: 'Í',
  140: 'Ô',
  141: 'ì',
  142: 'Ã',
  143: 'Â',
  144: 'É',
  145: 'À',
  146: 'È',
  147: 'ô',
  148: 'õ',
  149: 'ò',
  150: 'Ú',
  151: 'ù',
  152: 'Ì',
  153: 'Õ',
  154: 'Ü',
  160: 'á',
  161: 'í',
  162: 'ó',
  163: 'ú',
  164: 'ñ',
  165: 'Ñ',
  166: 'ª',
  167: 'º',
  196: '─',
  179: '│',
  250: '·',
};
const CP850: Record<number, string> = {
  128: 'Ç',
  129: 'ü',
  130: 'é',
  131: 'â',
  133: 'à',
  135: 'ç',
  136: 'ê',
  138: 'è',
  144: 'É',
  147: 'ô',
  149: 'ò',
  151: 'ù',
  160: 'á',
  161: 'í',
  162: 'ó',
  163: 'ú',
  166: 'ª',
  167: 'º',
  181: 'Á',
  182: 'Â',
  183: 'À',
  198: 'ã',
  199: 'Ã',
  210: 'Ê',
  214: 'Í',
  224: 'Ó',
  226: 'Ô',
  228: 'õ',
  229: 'Õ',
  233: 'Ú',
  196: '─',
  179: '│',
  250: '·',
};
/** CP437, which the encoder selects for the rules' line characters. */
const CP437: Record<number, string> = { 196: '─', 179: '│' };
/** ESC t n → code page table, as Epson numbers them. */
const TABLES: Record<number, Record<number, string>> = { 0: CP437, 2: CP850, 3: CP860 };

export function decodeEscPos(bytes: Buffer, receivedAt = Date.now()): Printout {
  let table: Record<number, string> = {};
  let text = '';
  let bigOn = false;
  let bigText = '';
  const big: string[] = [];
  const qr: string[] = [];
  let cut = false;
  let drawer = false;
  const flushBig = () => {
    if (bigText.trim()) big.push(bigText.trim());
    bigText = '';
  };
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const next = bytes[i + 1];
    if (b === 0x1b) {
      // ESC @ (init) takes no argument; ESC p m t1 t2 kicks the drawer; the rest take one byte.
      if (next === 0x40) i += 2;
      else if (next === 0x70) {
        drawer = true;
        i += 5;
      } else {
        if (next === 0x74) table = TABLES[bytes[i + 2]] ?? {};
        i += 3;
      }
    } else if (b === 0x1d) {
      if (next === 0x21) {
        bigOn = (bytes[i + 2] & 0x0f) > 0;
        if (!bigOn) flushBig();
        i += 3;
      } else if (next === 0x28 && bytes[i + 2] === 0x6b) {
        const len = bytes[i + 3] + bytes[i + 4] * 256;
        const [cn, fn] = [bytes[i + 5], bytes[i + 6]];
        // Function 80 (0x50) stores the QR's data, after the byte m.
        if (cn === 0x31 && fn === 0x50) qr.push(bytes.subarray(i + 8, i + 5 + len).toString('latin1'));
        i += 5 + len;
      } else if (next === 0x56) {
        cut = true;
        i += bytes[i + 2] >= 65 ? 4 : 3;
      } else i += 3;
    } else if (b === 0x1c) {
      i += 2; // FS . (leave Kanji mode)
    } else if (b === 0x10 && next === 0x04) {
      i += 3; // DLE EOT n: a status request, nothing on paper
    } else if (b === 0x0d) {
      i += 1;
    } else {
      const ch = b < 0x80 ? String.fromCharCode(b) : (table[b] ?? '?');
      text += ch;
      if (bigOn) bigText += ch;
      i += 1;
    }
  }
  flushBig();
  const lines = text.split('\n').map((l) => l.trimEnd());
  return { bytes, text, lines, qr, cut, drawer, big, receivedAt };
}

/** DLE EOT n's answer (fixed bits 1 and 4), per ESC/POS: n = 1 printer, 2 offline cause, 3 errors, 4 paper roll. */
function statusByte(n: number, paperOut: boolean): number {
  if (n === 1) return paperOut ? 0x1e : 0x16;
  if (n === 2) return paperOut ? 0x32 : 0x12;
  if (n === 4) return paperOut ? 0x72 : 0x12;
  return 0x12;
}

/** The status requests (DLE EOT n) in what a connection sent so far, from `from` on; answers their n. */
function statusRequests(bytes: Buffer, from: number): { ns: number[]; next: number } {
  const ns: number[] = [];
  let i = from;
  for (; i + 2 < bytes.length; i++) {
    if (bytes[i] === 0x10 && bytes[i + 1] === 0x04) {
      ns.push(bytes[i + 2]);
      i += 2;
    }
  }
  return { ns, next: i };
}

export class FakePrinter {
  readonly printouts: Printout[] = [];
  /** Tickets the paper ran out in the middle of: not a printout. */
  readonly cutShort: Printout[] = [];
  /** Bytes received while out of paper, which a printer does not print. */
  discarded = 0;
  /** Out of paper: status requests say so and tickets do not print. */
  paperOut = false;
  /** Never answers status requests, like printers that do not implement them. */
  silent = false;
  /** The next ticket ends the roll midway: it comes out cut short and the printer is out of paper. */
  runOutOnNextTicket = false;
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  /** Starts listening (again, on the same port after `stop`). */
  async start(): Promise<this> {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      let received = Buffer.alloc(0);
      let scanned = 0;
      let cutShort = false;
      socket.on('data', (chunk) => {
        received = Buffer.concat([received, chunk]);
        const printable = decodeEscPos(received).text.length > 0;
        if (this.runOutOnNextTicket && printable) {
          this.runOutOnNextTicket = false;
          this.paperOut = true;
          cutShort = true;
        }
        const { ns, next } = statusRequests(received, scanned);
        scanned = next;
        if (!this.silent) for (const n of ns) socket.write(Buffer.from([statusByte(n, this.paperOut)]));
      });
      let done = false;
      // What came in is printed once the sender closes (or drops) the connection.
      const finish = () => {
        if (done) return;
        done = true;
        const printout = decodeEscPos(received);
        // A connection that only asked for status (or sent nothing) is the agent checking the printer.
        if (printout.text.length === 0 && printout.qr.length === 0) return;
        if (cutShort) this.cutShort.push(printout);
        else if (this.paperOut) this.discarded += received.length;
        else this.printouts.push(printout);
      };
      socket.on('end', () => {
        finish();
        socket.end();
      });
      socket.on('close', () => {
        finish();
        this.sockets.delete(socket);
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** Switched off: connections are refused until `start` again. */
  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  get address() {
    return `127.0.0.1:${this.port}`;
  }

  /** The printouts whose double-height text includes `big` (e.g. "PEDIDO #12"). */
  find(big: string) {
    return this.printouts.filter((p) => p.big.includes(big));
  }
}
