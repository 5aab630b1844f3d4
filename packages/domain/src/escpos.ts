import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PaperColumns, PrinterCodepage, Ticket } from './printing';

export type EscPosOptions = {
  columns: PaperColumns;
  codepage: PrinterCodepage;
  /** Cut the paper after the ticket. */
  cut: boolean;
  /** Open the cash drawer wired to the printer (the PDV receipt only). */
  drawer: boolean;
};

/** Left text and right text on one line; a long left side wraps and the right one ends its last line. */
function pairLines(left: string, right: string, columns: number): string[] {
  const room = columns - right.length - 1;
  const words = left.split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > room && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  lines.push(current);
  const last = lines.pop() ?? '';
  return [...lines, `${last.slice(0, room).padEnd(room)} ${right}`];
}

/**
 * A ticket as the ESC/POS bytes of an Epson-compatible printer (Epson, Bematech, Elgin, Daruma in
 * ESC/POS mode): the code page selected once, so "ç/ã/é" print as the letters and not as symbols.
 */
export function encodeTicket(ticket: Ticket, options: EscPosOptions): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: options.columns,
    codepageMapping: 'epson',
    newline: '\n',
    feedBeforeCut: 4,
  });
  let e = encoder.initialize().codepage(options.codepage);
  for (const line of ticket) {
    if ('rule' in line) e = e.rule({ style: 'single' });
    else if ('qr' in line) e = e.align('center').qrcode(line.qr, { model: 2, size: 6, errorlevel: 'm' }).newline();
    else if ('left' in line) {
      e = e.align('left').bold(!!line.bold);
      for (const text of pairLines(line.left, line.right, options.columns)) e = e.line(text);
      e = e.bold(false);
    } else {
      e = e
        .align(line.align ?? 'left')
        .bold(!!line.bold)
        .size(1, line.big ? 2 : 1)
        .line(line.text)
        .size(1, 1)
        .bold(false);
    }
  }
  e = e.align('left');
  if (options.drawer) e = e.pulse();
  if (options.cut) e = e.cut('partial');
  else e = e.newline(4);
  return e.encode();
}
