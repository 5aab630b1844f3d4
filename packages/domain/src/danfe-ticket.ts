import { formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils';
import { HOMOLOGACAO_LINE } from './fiscal-note';
import { formatAccessKey } from './fiscal-rules';
import { formatBRL } from './money';
import type { Ticket } from './printing';

/*
 * The DANFE NFC-e on a thermal printer (SEFAZ's "Manual de Especificações Técnicas do DANFE NFC-e e QR
 * Code"): the same divisions as the browser's receipt (apps/web …/cashier/danfe-nfce.tsx), as ticket lines
 * that escpos.ts turns into bytes for 58 or 80 mm paper.
 */

export type DanfeTicket = {
  emitter: { razaoSocial: string; cnpj: string; inscricaoEstadual: string | null; address: string | null };
  /** "Venda #12" for a PDV sale, "Mesa 4" for a table's bill, "Pedido #12" otherwise: how staff match the paper to the sale. */
  saleLabel: string;
  items: { name: string; quantity: number; unitPrice: number; totalPrice: number }[];
  subtotal: number;
  discount: number;
  deliveryFee: number;
  /** A table's service charge and couvert (the note's other charges besides delivery). */
  charges?: { label: string; amount: number }[];
  total: number;
  payments: { method: string; amount: number }[];
  change: number;
  note: {
    ambiente: 'homologacao' | 'producao';
    numero: number;
    serie: number;
    chave: string;
    protocolo: string | null;
    issuedAt: Date | null;
    authorizedAt: Date | null;
    consultaUrl: string | null;
    qrCodeUrl: string | null;
    buyerCpf: string | null;
  };
  timezone: string;
};

/** SEFAZ's date and time on the DANFE: "05/03/2026 19:30:12". */
function moment(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'medium' })
    .format(at)
    .replace(',', '');
}

/**
 * The chave de acesso in groups of four on two lines (6 + 5 groups): 29 characters at most, so both
 * paper widths print it the same way instead of the encoder breaking a group.
 */
export function accessKeyLines(chave: string): [string, string] {
  const groups = formatAccessKey(chave).split(' ');
  return [groups.slice(0, 6).join(' '), groups.slice(6).join(' ')];
}

export function danfeTicket(d: DanfeTicket): Ticket {
  const { note, emitter } = d;
  const center = (text: string, bold = false) => ({ text, align: 'center' as const, bold });
  const lines: Ticket = [center(emitter.razaoSocial, true), center(`CNPJ: ${formatCnpj(emitter.cnpj)}`)];
  if (emitter.inscricaoEstadual) lines.push(center(`IE: ${emitter.inscricaoEstadual}`));
  if (emitter.address) lines.push(center(emitter.address));
  lines.push(
    { rule: true },
    center('DANFE NFC-e', true),
    center('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica'),
    center(d.saleLabel),
    { rule: true },
  );
  for (const item of d.items) {
    lines.push(
      { left: item.name, right: formatBRL(item.totalPrice) },
      { text: `  ${item.quantity} UN x ${formatBRL(item.unitPrice)}` },
    );
  }
  const count = d.items.reduce((n, item) => n + item.quantity, 0);
  lines.push({ rule: true }, { left: 'Qtde. total de itens', right: String(count) });
  lines.push({ left: 'Valor total', right: formatBRL(d.subtotal) });
  if (d.deliveryFee) lines.push({ left: 'Taxa de entrega', right: formatBRL(d.deliveryFee) });
  for (const c of d.charges ?? []) if (c.amount) lines.push({ left: c.label, right: formatBRL(c.amount) });
  if (d.discount) lines.push({ left: 'Desconto', right: `-${formatBRL(d.discount)}` });
  lines.push({ left: 'Valor a pagar', right: formatBRL(d.total), bold: true });
  lines.push({ left: 'FORMA DE PAGAMENTO', right: 'VALOR PAGO' });
  for (const p of d.payments) lines.push({ left: p.method, right: formatBRL(p.amount) });
  if (d.change) lines.push({ left: 'Troco', right: formatBRL(d.change) });
  lines.push({ rule: true });
  if (note.consultaUrl) {
    // Without its scheme, as SEFAZ's DANFEs show it: one line of 80 mm paper.
    lines.push(center('Consulte pela chave de acesso em'), center(note.consultaUrl.replace(/^https?:\/\//, '')));
  }
  const [keyStart, keyEnd] = accessKeyLines(note.chave);
  lines.push(center(keyStart, true), center(keyEnd, true), { rule: true });
  lines.push(center(note.buyerCpf ? `CONSUMIDOR CPF: ${formatCpf(note.buyerCpf)}` : 'CONSUMIDOR NÃO IDENTIFICADO'));
  lines.push(
    { rule: true },
    center(`NFC-e nº ${String(note.numero).padStart(9, '0')} Série ${String(note.serie).padStart(3, '0')}`, true),
  );
  if (note.issuedAt) lines.push(center(`Emissão: ${moment(note.issuedAt, d.timezone)}`));
  if (note.protocolo) lines.push(center(`Protocolo de autorização: ${note.protocolo}`));
  if (note.authorizedAt) lines.push(center(`Data de autorização: ${moment(note.authorizedAt, d.timezone)}`));
  if (note.ambiente === 'homologacao') {
    // Broken at SEFAZ's dash, which the thermal code pages lack: the same two lines on both papers.
    for (const part of HOMOLOGACAO_LINE.split(' – ')) lines.push(center(part, true));
  }
  if (note.qrCodeUrl) lines.push({ qr: note.qrCodeUrl });
  return lines;
}
