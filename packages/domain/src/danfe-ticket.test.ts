import { describe, expect, it } from 'vitest';
import { accessKeyLines, type DanfeTicket, danfeTicket } from './danfe-ticket';
import { encodeTicket } from './escpos';
import golden32 from './fixtures/danfe-32-cp850.hex?raw';
import golden48 from './fixtures/danfe-48-cp860.hex?raw';
import { DEFAULT_AUTO_PRINT, danfePrintsByItself, type PrinterRoutes, receiptLeftToDanfe } from './printing';
import { goldenHex } from './testing/golden-hex';

const CHAVE = '35260311222333000181650010000001231000012342';
const QR = `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${CHAVE}|2|2|1|3F1E0C2B9A8D7E6F5A4B3C2D1E0F9A8B7C6D5E4F`;

const danfe: DanfeTicket = {
  emitter: {
    razaoSocial: 'Pizzaria São João LTDA',
    cnpj: '11222333000181',
    inscricaoEstadual: '110042490114',
    address: 'Rua Augusta, 100 · Consolação · São Paulo/SP',
  },
  saleLabel: 'Venda #45',
  items: [
    { name: 'Pizza Margherita', quantity: 1, unitPrice: 3690, totalPrice: 3690 },
    { name: 'Refrigerante Lata 350ml', quantity: 2, unitPrice: 600, totalPrice: 1200 },
  ],
  subtotal: 4890,
  discount: 600,
  deliveryFee: 0,
  total: 4290,
  payments: [{ method: 'Dinheiro', amount: 5000 }],
  change: 710,
  note: {
    ambiente: 'homologacao',
    numero: 123,
    serie: 1,
    chave: CHAVE,
    protocolo: '135260000012345',
    issuedAt: new Date('2026-03-05T22:30:12Z'),
    authorizedAt: new Date('2026-03-05T22:30:14Z'),
    consultaUrl: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
    qrCodeUrl: QR,
    buyerCpf: '52998224725',
  },
  timezone: 'America/Sao_Paulo',
};

const texts = (t: DanfeTicket) => danfeTicket(t).map((l) => ('text' in l ? l.text : 'left' in l ? l.left : null));

describe('DANFE NFC-e on the thermal printer', () => {
  it('carries the emitter, the items, totals and payment, the key, the consumer, the authorisation and the QR', () => {
    const lines = danfeTicket(danfe);
    const t = texts(danfe);
    expect(t.slice(0, 4)).toEqual([
      'Pizzaria São João LTDA',
      'CNPJ: 11.222.333/0001-81',
      'IE: 110042490114',
      'Rua Augusta, 100 · Consolação · São Paulo/SP',
    ]);
    expect(t).toContain('DANFE NFC-e');
    expect(lines).toContainEqual({ left: 'Refrigerante Lata 350ml', right: 'R$ 12,00' });
    expect(lines).toContainEqual({ left: 'Valor a pagar', right: 'R$ 42,90', bold: true });
    expect(lines).toContainEqual({ left: 'Dinheiro', right: 'R$ 50,00' });
    expect(lines).toContainEqual({ left: 'Troco', right: 'R$ 7,10' });
    expect(t).toContain('Consulte pela chave de acesso em');
    expect(t).toContain('www.homologacao.nfce.fazenda.sp.gov.br/consulta');
    expect(t).toContain('3526 0311 2223 3300 0181 6500');
    expect(t).toContain('1000 0001 2310 0001 2342');
    expect(t).toContain('CONSUMIDOR CPF: 529.982.247-25');
    expect(t).toContain('NFC-e nº 000000123 Série 001');
    expect(t).toContain('Emissão: 05/03/2026 19:30:12');
    expect(t).toContain('Protocolo de autorização: 135260000012345');
    expect(t).toContain('Data de autorização: 05/03/2026 19:30:14');
    expect(t).toContain('  2 UN x R$ 6,00');
    expect(t).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO');
    expect(t).toContain('SEM VALOR FISCAL');
    expect(lines.at(-1)).toEqual({ qr: QR });
  });

  it('names an unidentified consumer, and prints no homologação line in produção', () => {
    const t = texts({ ...danfe, note: { ...danfe.note, buyerCpf: null, ambiente: 'producao' } });
    expect(t).toContain('CONSUMIDOR NÃO IDENTIFICADO');
    expect(t.some((l) => l?.includes('HOMOLOGAÇÃO'))).toBe(false);
  });

  it('splits the key into two lines of groups of four that fit 58 mm paper', () => {
    const [first, second] = accessKeyLines(CHAVE);
    expect(`${first} ${second}`.replaceAll(' ', '')).toBe(CHAVE);
    expect(first.length).toBeLessThanOrEqual(32);
    expect(second.length).toBeLessThanOrEqual(32);
  });

  it('encodes an 80 mm DANFE in CP860 with the QR and the cut, byte for byte', () => {
    const bytes = encodeTicket(danfeTicket(danfe), { columns: 48, codepage: 'cp860', cut: true, drawer: true });
    expect(goldenHex(bytes)).toBe(golden48);
    expect(Buffer.from(bytes).includes(Buffer.from(QR))).toBe(true);
  });

  it('encodes a 58 mm DANFE in CP850 whose lines fit the paper, byte for byte', () => {
    const bytes = encodeTicket(danfeTicket(danfe), { columns: 32, codepage: 'cp850', cut: true, drawer: false });
    expect(goldenHex(bytes)).toBe(golden32);
    const total = `Valor a pagar${' '.repeat(32 - 13 - 8)}R$ 42,90`;
    expect(Buffer.from(bytes).includes(Buffer.from(total))).toBe(true);
  });
});

describe('when the DANFE prints by itself', () => {
  const routes: PrinterRoutes = {
    order: { delivery: 0, pickup: 0, dine_in: 0 },
    stations: [],
    pdvReceipt: true,
    nfceDanfe: true,
    cashClosing: false,
  };

  it('prints for a sale at the counter and an order not yet delivered, not after the customer left', () => {
    expect(danfePrintsByItself({ deliveryType: 'pdv', status: 'delivered', offline: false })).toBe(true);
    expect(danfePrintsByItself({ deliveryType: 'pdv', status: 'delivered', offline: true })).toBe(false);
    expect(danfePrintsByItself({ deliveryType: 'delivery', status: 'preparing', offline: false })).toBe(true);
    expect(danfePrintsByItself({ deliveryType: 'delivery', status: 'delivered', offline: false })).toBe(false);
    expect(danfePrintsByItself({ deliveryType: 'pickup', status: 'cancelled', offline: false })).toBe(false);
    expect(danfePrintsByItself({ deliveryType: 'pdv', status: 'cancelled', offline: false })).toBe(false);
  });

  it('leaves a sale with a note to its DANFE on a printer that takes both, while DANFEs print by themselves', () => {
    expect(receiptLeftToDanfe(routes, DEFAULT_AUTO_PRINT, true)).toBe(true);
    expect(receiptLeftToDanfe(routes, DEFAULT_AUTO_PRINT, false)).toBe(false);
    expect(receiptLeftToDanfe({ ...routes, nfceDanfe: false }, DEFAULT_AUTO_PRINT, true)).toBe(false);
    expect(receiptLeftToDanfe(routes, { ...DEFAULT_AUTO_PRINT, nfce_danfe: false }, true)).toBe(false);
  });
});
