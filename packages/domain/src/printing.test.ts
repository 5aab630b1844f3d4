import { describe, expect, it } from 'vitest';
import { encodeTicket } from './escpos';
import golden32 from './fixtures/ticket-32-cp850.hex?raw';
import golden48 from './fixtures/ticket-48-cp860.hex?raw';
import {
  cancelledItemTicket,
  counterCopies,
  kitchenTicket,
  orderTicket,
  type PrinterRoutes,
  printerState,
  printRetryDelayMs,
  sentToPrinters,
  type TicketOrder,
} from './printing';
import { goldenHex } from './testing/golden-hex';

const order: TicketOrder = {
  number: 42,
  shortId: 'A1B2C3',
  deliveryType: 'delivery',
  tableNumber: null,
  customerName: 'Conceição Araújo',
  customerPhone: '(11) 98765-4321',
  address: 'Rua da Consolação, 100 - Bela Vista',
  note: 'Sem cebola, por favor',
  paymentMethod: 'Dinheiro',
  subtotal: 6400,
  deliveryFee: 700,
  discount: 0,
  total: 7100,
  createdAt: new Date('2026-03-05T22:30:00Z'),
  timezone: 'America/Sao_Paulo',
  items: [
    { name: 'Pizza Calabresa Média', quantity: 1, totalPrice: 5200, options: ['Borda de requeijão'], notes: null },
    { name: 'Pão de açúcar', quantity: 2, totalPrice: 1200, options: [], notes: 'Bem passado, é sério' },
  ],
};

/** The bytes are compared with stored fixtures (testing/golden-hex.ts). */
const golden = (fixture: string, bytes: Uint8Array) => expect(goldenHex(bytes)).toBe(fixture);

const indexOf = (bytes: Uint8Array, seq: number[]) => Buffer.from(bytes).indexOf(Buffer.from(seq));

describe('ESC/POS tickets', () => {
  const ticket = orderTicket('Cantina São João', order, 'https://meucardapio.app/p/abc');

  it('encodes an 80 mm (48 columns) ticket in CP860 with bold double-height number, QR and cut', () => {
    const bytes = encodeTicket(ticket, { columns: 48, codepage: 'cp860', cut: true, drawer: false });
    golden(golden48, bytes);
    // ESC t 3 selects CP860; then ç ã é are its single bytes 0x87 0x84 0x82.
    expect(indexOf(bytes, [0x1b, 0x74, 3])).toBeGreaterThan(0);
    expect(indexOf(bytes, Buffer.from('Concei\x87\x84o', 'latin1').toJSON().data)).toBeGreaterThan(0);
    expect(indexOf(bytes, [0x82, 0x20, 0x73, 0x82, 0x72, 0x69, 0x6f])).toBeGreaterThan(0);
    // Bold on, double height (GS ! 0x01) before "PEDIDO #42".
    const number = indexOf(bytes, [...Buffer.from('PEDIDO #42')]);
    expect(indexOf(bytes, [0x1d, 0x21, 0x01])).toBeLessThan(number);
    // QR model 2 with the link, and a partial cut at the end; no drawer kick.
    expect(indexOf(bytes, [...Buffer.from('https://meucardapio.app/p/abc')])).toBeGreaterThan(0);
    expect(indexOf(bytes, [0x1d, 0x56])).toBeGreaterThan(number);
    expect(indexOf(bytes, [0x1b, 0x70])).toBe(-1);
  });

  it('encodes a 58 mm (32 columns) ticket in CP850 whose lines fit the paper, with a drawer kick', () => {
    const bytes = encodeTicket(ticket, { columns: 32, codepage: 'cp850', cut: true, drawer: true });
    golden(golden32, bytes);
    expect(indexOf(bytes, [0x1b, 0x74, 2])).toBeGreaterThan(0);
    // CP850 has ã at 0xC6 (CP860 at 0x84).
    expect(indexOf(bytes, [...Buffer.from('Concei'), 0x87, 0xc6, 0x6f])).toBeGreaterThan(0);
    const total = `TOTAL${' '.repeat(32 - 5 - 8)}R$ 71,00`;
    expect(indexOf(bytes, [...Buffer.from(total)])).toBeGreaterThan(0);
    expect(indexOf(bytes, [0x1b, 0x70])).toBeGreaterThan(0);
  });
});

describe('table rounds and cancelled items', () => {
  const round: TicketOrder = { ...order, deliveryType: 'dine_in', tableNumber: 12, round: 3 };
  const texts = (lines: ReturnType<typeof kitchenTicket>) => lines.map((l) => ('text' in l ? l.text : null));

  it("a round's station ticket names its table and round", () => {
    const lines = texts(kitchenTicket('Forno', round));
    expect(lines.slice(0, 4)).toEqual(['FORNO', 'PEDIDO #42', 'MESA 12', 'RODADA 3']);
  });

  it("a tab's round names the comanda, so the bar knows whose it is", () => {
    const tab: TicketOrder = { ...order, deliveryType: 'dine_in', tableNumber: null, tabNumber: 7, round: 1 };
    expect(texts(kitchenTicket('Bar', tab)).slice(0, 4)).toEqual(['BAR', 'PEDIDO #42', 'COMANDA 7', 'RODADA 1']);
  });

  it("an ordering app's order names the app and its code on every ticket", () => {
    const fromApp: TicketOrder = { ...order, deliveryType: 'delivery', app: { name: 'iFood', code: '4821' } };
    expect(texts(kitchenTicket('Forno', fromApp)).slice(0, 4)).toEqual([
      'FORNO',
      'PEDIDO #42',
      'DELIVERY',
      'IFOOD #4821',
    ]);
    expect(texts(orderTicket('Cantina', fromApp))).toContain('IFOOD #4821');
    expect(texts(kitchenTicket('Forno', order))).not.toContain('IFOOD #4821');
  });

  it('a cancelled item prints as a cancellation, with the item, its options, the reason and who', () => {
    const lines = texts(
      cancelledItemTicket('Forno', round, round.items[0], { reason: 'Cliente desistiu', by: 'Gabi' }),
    );
    expect(lines[0]).toBe('CANCELAMENTO');
    expect(lines).toContain('MESA 12');
    expect(lines).toContain('CANCELAR 1x Pizza Calabresa Média');
    expect(lines).toContain('  + Borda de requeijão');
    expect(lines.slice(-2)).toEqual(['Motivo: Cliente desistiu', 'Cancelado por Gabi']);
    // The other items of the round are not on it.
    expect(lines.some((l) => l?.includes('Pão de açúcar'))).toBe(false);
  });
});

describe('printing rules', () => {
  it('tells staff where a reprint went, one printer or several', () => {
    expect(sentToPrinters(1)).toBe('Enviado para a impressora');
    expect(sentToPrinters(3)).toBe('Enviado para 3 impressoras');
  });

  const routes: PrinterRoutes = {
    order: { delivery: 2, pickup: 1, dine_in: 0 },
    stations: [],
    pdvReceipt: false,
    nfceDanfe: false,
    cashClosing: false,
  };

  it('gives each channel its number of counter copies, none to a PDV sale', () => {
    expect(counterCopies(routes, 'delivery')).toBe(2);
    expect(counterCopies(routes, 'dine_in')).toBe(0);
    expect(counterCopies(routes, 'pdv')).toBe(0);
  });

  it('shows a printer offline once no agent that serves it was heard from in 30 s', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    const printer = { status: 'online', agentId: null };
    expect(printerState(printer, [{ id: 'a', lastSeenAt: ago(10), revoked: false }], now)).toBe('online');
    expect(printerState(printer, [{ id: 'a', lastSeenAt: ago(31), revoked: false }], now)).toBe('offline');
    expect(printerState(printer, [{ id: 'a', lastSeenAt: ago(1), revoked: true }], now)).toBe('unknown');
    expect(
      printerState({ status: 'online', agentId: 'b' }, [{ id: 'a', lastSeenAt: ago(1), revoked: false }], now),
    ).toBe('unknown');
    expect(
      printerState({ status: 'offline', agentId: null }, [{ id: 'a', lastSeenAt: ago(1), revoked: false }], now),
    ).toBe('offline');
  });

  it('retries a refused job sooner than later, never more than 30 s apart', () => {
    expect(printRetryDelayMs(1)).toBe(2_000);
    expect(printRetryDelayMs(3)).toBe(8_000);
    expect(printRetryDelayMs(20)).toBe(30_000);
  });
});
