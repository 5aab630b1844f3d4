import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  type ReportSale,
  saleGroups,
  saleRef,
  saleStatusLabel,
  salesCsv,
  summarizeSales,
  topProducts,
} from './cashier-report';

const TZ = 'America/Sao_Paulo';
const sale = (over: Partial<ReportSale>): ReportSale => ({
  id: 'id',
  number: 1,
  customerName: null,
  createdAt: '2026-11-23T13:10:00Z',
  total: 1000,
  discount: 0,
  status: 'delivered',
  paymentMethod: null,
  payments: [],
  ...over,
});

describe('saleGroups', () => {
  it('groups a split sale by report label and falls back to the order method', () => {
    expect(
      saleGroups(
        sale({
          total: 3000,
          payments: [
            { methodName: 'PIX', amount: 1000 },
            { methodName: 'Dinheiro', amount: 1500 },
            { methodName: 'pix', amount: 500 },
          ],
        }),
      ),
    ).toEqual([
      { method: 'PIX', total: 1500, count: 1 },
      { method: 'Dinheiro', total: 1500, count: 1 },
    ]);
    expect(saleGroups(sale({ paymentMethod: 'Cartão de Débito' }))).toEqual([
      { method: 'Débito', total: 1000, count: 1 },
    ]);
    expect(saleGroups(sale({ paymentMethod: null }))).toEqual([{ method: 'Não informado', total: 1000, count: 1 }]);
  });
});

describe('summarizeSales', () => {
  it('totals, average ticket, top method and local hours', () => {
    const s = summarizeSales(
      [
        sale({ total: 1000, createdAt: '2026-11-23T13:10:00Z', payments: [{ methodName: 'PIX', amount: 1000 }] }),
        sale({
          total: 2001,
          createdAt: '2026-11-23T13:50:00Z',
          payments: [{ methodName: 'Cartão de Crédito', amount: 2001 }],
        }),
        sale({ total: 500, createdAt: '2026-11-24T02:30:00Z', payments: [{ methodName: 'PIX', amount: 500 }] }),
      ],
      TZ,
    );
    expect(s.total).toBe(3501);
    expect(s.discounts).toBe(0);
    expect(s.count).toBe(3);
    expect(s.averageTicket).toBe(1167);
    expect(s.topPaymentMethod).toBe('Crédito');
    expect(s.byMethod).toEqual([
      { method: 'Crédito', total: 2001, count: 1 },
      { method: 'PIX', total: 1500, count: 2 },
    ]);
    expect(s.byHour).toHaveLength(24);
    expect(s.byHour[10]).toEqual({ hour: 10, total: 3001, count: 2 });
    expect(s.byHour[23]).toEqual({ hour: 23, total: 500, count: 1 });
  });
  it('is all zeros without sales', () => {
    expect(summarizeSales([], TZ)).toMatchObject({
      total: 0,
      count: 0,
      averageTicket: 0,
      topPaymentMethod: null,
      byMethod: [],
    });
  });
});

describe("a table's payments as a sale", () => {
  const table = sale({
    kind: 'table',
    number: 4,
    label: 'Mesa 4',
    status: 'closed',
    total: 3300,
    serviceCharge: 300,
    payments: [
      { methodName: 'PIX', amount: 1100 },
      { methodName: 'Dinheiro', amount: 2200 },
    ],
  });
  it('is named by its table and its account status, and its service charge is summed apart', () => {
    expect(saleRef(table)).toBe('Mesa 4');
    expect(saleRef(sale({ number: 12 }))).toBe('#12');
    expect(saleStatusLabel(table)).toBe('Fechada');
    expect(saleStatusLabel(sale({ status: 'delivered' }))).toBe('Entregue');
    const s = summarizeSales([table, sale({ total: 1000 })], TZ);
    expect(s).toMatchObject({ total: 4300, serviceCharge: 300, count: 2, averageTicket: 2150 });
  });
  it('has its line in the CSV with the service charge in the last column', () => {
    const lines = salesCsv([table], TZ).slice(1).split('\r\n');
    expect(lines[1]).toBe('Mesa 4;;10:10;33,00;PIX + Dinheiro;Fechada;0,00;;3,00');
  });
});

describe('topProducts', () => {
  it('ranks by quantity then revenue, 5 at most', () => {
    const items = [
      { productId: 'a', name: 'A', quantity: 2, totalPrice: 200 },
      { productId: 'b', name: 'B', quantity: 3, totalPrice: 300 },
      { productId: 'a', name: 'A', quantity: 2, totalPrice: 200 },
      { productId: 'c', name: 'C', quantity: 3, totalPrice: 900 },
      ...['d', 'e', 'f', 'g'].map((id) => ({ productId: id, name: id.toUpperCase(), quantity: 1, totalPrice: 10 })),
    ];
    const top = topProducts(items);
    expect(top.map((p) => p.name)).toEqual(['A', 'C', 'B', 'D', 'E']);
    expect(top[0]).toEqual({ productId: 'a', name: 'A', quantity: 4, total: 400 });
  });
});

describe('salesCsv', () => {
  it('is UTF-8 with BOM, ; separated, columns order, customer, time, total, payment, status', () => {
    const csv = salesCsv(
      [
        sale({
          number: 7,
          customerName: 'Ana; "Bia"',
          total: 123456,
          payments: [{ methodName: 'PIX', amount: 123456 }],
        }),
        sale({
          number: 8,
          customerName: '=cmd',
          total: 5,
          paymentMethod: null,
          discount: 1000,
          discountBy: 'Caixa Ana (aut. Gerente Bia)',
        }),
      ],
      TZ,
      [
        { kind: 'supply', createdAt: '2026-11-23T14:00:00Z', amount: 5000, reason: 'Troco', employeeName: 'Gerente' },
        {
          kind: 'withdrawal',
          createdAt: '2026-11-23T15:30:00Z',
          amount: 2000,
          reason: 'Depósito',
          employeeName: 'Ana',
        },
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(';'));
    expect(lines[0]).toBe('Pedido;Cliente;Horário;Total;Pagamento;Status;Desconto;Desconto por;Taxa de serviço');
    expect(lines[1]).toBe('#7;"Ana; ""Bia""";10:10;1234,56;PIX;Entregue;0,00;;0,00');
    expect(lines[2]).toBe("#8;'=cmd;10:10;0,05;Não informado;Entregue;10,00;Caixa Ana (aut. Gerente Bia);0,00");
    expect(lines[3]).toBe('');
    expect(lines[4]).toBe('Movimentação;Horário;Valor;Motivo;Responsável');
    expect(lines[5]).toBe('Suprimento;11:00;50,00;Troco;Gerente');
    expect(lines[6]).toBe('Sangria;12:30;20,00;Depósito;Ana');
    expect(lines[7]).toBe('');
  });
});
