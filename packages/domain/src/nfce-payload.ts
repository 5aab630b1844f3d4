import {
  defaultCfop,
  defaultCsosn,
  type ProductFiscal,
  productFiscalProblems,
  prorate,
  reais,
  T_PAG,
  tPagOf,
} from './fiscal-rules';

/**
 * The NFC-e a sale becomes, in the shape of Nuvem Fiscal's `NfePedidoEmissao` (SEFAZ's layout 4.00 as
 * JSON), built from the sale as the server stored it. Amounts arrive in centavos and leave in reais.
 */

export type FiscalAmbiente = 'homologacao' | 'producao';

export type NoteItem = ProductFiscal & {
  productId: string | null;
  name: string;
  quantity: number;
  /** Centavos. */
  unitPrice: number;
  /** Centavos: quantity × unitPrice. */
  totalPrice: number;
  unidade: string | null;
  codigoBarras: string | null;
  exTipi: string | null;
  cstPisCofins: string | null;
};

export type NotePayment = {
  methodName: string;
  /** Centavos of the sale this payment covers. */
  amount: number;
  /** Cash handed over (centavos), when more than the amount. */
  received: number | null;
  /** A PIX paid to the restaurant's own key (static QR) or through a provider's checkout (dynamic). */
  pixKind: 'static' | 'provider';
  /** Card data when the provider returned it. */
  card?: { tBand?: string | null; cAut?: string | null; cnpj?: string | null } | null;
};

export type NoteSale = {
  /** Our sale id: the referencia that makes a retry answer the same note. */
  orderId: string;
  number: number;
  /** 'delivery' travels to the customer (indPres 4); anything else is sold in person (1). */
  deliveryType: string;
  subtotal: number;
  discount: number;
  /** vOutro: the delivery fee, or a table's service charge and couvert (NFC-e has no field of their own). */
  otherCharges: number;
  total: number;
  items: readonly NoteItem[];
  payments: readonly NotePayment[];
  buyerCpf: string | null;
};

export type NoteEmitter = {
  cnpj: string;
  razaoSocial: string;
  nomeFantasia: string;
  inscricaoEstadual: string;
  inscricaoMunicipal: string | null;
  crt: number;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  cityCode: string;
  cityName: string;
  uf: string;
  ufCode: number;
  cep: string;
  phone: string | null;
};

export type NoteNumbering = {
  ambiente: FiscalAmbiente;
  serie: number;
  numero: number;
  issuedAt: Date;
  /** The issuing moment's UTC offset in minutes (−180 in São Paulo). */
  utcOffsetMinutes: number;
  /** 8 random digits of the chave de acesso. */
  cNF: string;
  referencia: string;
};

/** Homologação demands these texts in place of the first item's and the buyer's names (SEFAZ rules 373/…). */
export const HOMOLOGACAO_ITEM = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const HOMOLOGACAO_BUYER = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const NFCE_VERSION = 'MeuCardapio 1.0';

export class NoteBuildError extends Error {}

function digits(v: string | null | undefined): string {
  return (v ?? '').replace(/\D/g, '');
}

/** An ISO date-time with the given offset and no milliseconds, as SEFAZ wants it (2026-11-26T10:30:00-03:00). */
export function isoWithOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function pisCofins(cst: string | null) {
  const code = cst && /^\d{2}$/.test(cst) ? cst : '49';
  if (['04', '05', '06', '07', '08', '09'].includes(code))
    return { PIS: { PISNT: { CST: code } }, COFINS: { COFINSNT: { CST: code } } };
  // The Simples Nacional pays PIS/COFINS inside its single tax: the item shows them at zero.
  return {
    PIS: { PISOutr: { CST: code, vBC: 0, pPIS: 0, vPIS: 0 } },
    COFINS: { COFINSOutr: { CST: code, vBC: 0, pCOFINS: 0, vCOFINS: 0 } },
  };
}

function icms(csosn: string, orig: number) {
  if (csosn === '500') return { ICMSSN500: { orig, CSOSN: '500' } };
  if (csosn === '900') return { ICMSSN900: { orig, CSOSN: '900' } };
  return { ICMSSN102: { orig, CSOSN: csosn === '101' ? '102' : csosn } };
}

/** What the customer handed over for a payment: the cash received (change comes back), else the amount. */
function handedOver(p: NotePayment): number {
  const cash = tPagOf(p.methodName, p.pixKind).tPag === T_PAG.cash;
  return cash && p.received && p.received > p.amount ? p.received : p.amount;
}

/** What on the sale keeps it from becoming a note, before anything is sent (pt-BR). */
export function saleNoteProblems(sale: NoteSale): string[] {
  const problems: string[] = [];
  sale.items.forEach((item) => {
    for (const p of productFiscalProblems(item, true)) problems.push(`${item.name}: ${p}`);
  });
  const itemsSum = sale.items.reduce((s, i) => s + i.totalPrice, 0);
  if (itemsSum - sale.discount + sale.otherCharges !== sale.total)
    problems.push('Os itens da venda não somam o total: a venda não pode virar nota.');
  const paid = sale.payments.reduce((s, p) => s + p.amount, 0);
  if (paid !== sale.total) problems.push('Os pagamentos da venda não somam o total.');
  return problems;
}

/**
 * Builds the `NfePedidoEmissao`: one det per item with its CFOP/CSOSN defaults, the discount and the
 * other charges (delivery fee, service charge, couvert: vOutro) prorated to the cent so the items add up
 * to the note's total, one detPag per payment with vTroco for cash handed over, and the buyer's CPF.
 */
export function buildNfcePayload(sale: NoteSale, emitter: NoteEmitter, n: NoteNumbering) {
  const problems = saleNoteProblems(sale);
  if (problems.length) throw new NoteBuildError(problems.join(' '));
  const homolog = n.ambiente === 'homologacao';
  const lineTotals = sale.items.map((i) => i.totalPrice);
  const discounts = prorate(lineTotals, sale.discount);
  const others = prorate(lineTotals, sale.otherCharges);

  const det = sale.items.map((item, index) => {
    const cfop = item.cfop ?? defaultCfop(item.csosnIcms);
    const csosn = item.csosnIcms ?? defaultCsosn(cfop);
    const unit = item.unidade ?? 'UN';
    const gtin = digits(item.codigoBarras);
    const ean = [8, 12, 13, 14].includes(gtin.length) ? gtin : 'SEM GTIN';
    const prod: Record<string, unknown> = {
      cProd: (item.productId ?? `ITEM${index + 1}`).slice(0, 60),
      cEAN: ean,
      xProd: (homolog && index === 0 ? HOMOLOGACAO_ITEM : item.name).slice(0, 120),
      NCM: digits(item.codigoNcm),
      ...(item.codigoCest ? { CEST: digits(item.codigoCest) } : {}),
      ...(item.exTipi ? { EXTIPI: item.exTipi } : {}),
      CFOP: cfop,
      uCom: unit,
      qCom: item.quantity,
      vUnCom: reais(item.unitPrice),
      vProd: reais(item.totalPrice),
      cEANTrib: ean,
      uTrib: unit,
      qTrib: item.quantity,
      vUnTrib: reais(item.unitPrice),
      ...(discounts[index] > 0 ? { vDesc: reais(discounts[index]) } : {}),
      ...(others[index] > 0 ? { vOutro: reais(others[index]) } : {}),
      indTot: 1,
    };
    return {
      nItem: index + 1,
      prod,
      imposto: { ICMS: icms(csosn, item.origemMercadoria ?? 0), ...pisCofins(item.cstPisCofins) },
    };
  });

  const vProd = lineTotals.reduce((s, v) => s + v, 0);
  const detPag = sale.payments.map((p) => {
    const { tPag, xPag } = tPagOf(p.methodName, p.pixKind);
    const handed = handedOver(p);
    const isCard = tPag === T_PAG.credit || tPag === T_PAG.debit;
    const card = p.card;
    return {
      indPag: 0,
      tPag,
      ...(xPag ? { xPag } : {}),
      vPag: reais(handed),
      ...(isCard
        ? {
            card: {
              // 1: the amount went through an integrated provider that returned its data; 2: a loose terminal.
              tpIntegra: card?.cAut ? 1 : 2,
              ...(card?.cnpj ? { CNPJ: digits(card.cnpj) } : {}),
              ...(card?.tBand ? { tBand: card.tBand } : {}),
              ...(card?.cAut ? { cAut: card.cAut } : {}),
            },
          }
        : {}),
    };
  });
  const handedTotal = sale.payments.reduce((s, p) => s + handedOver(p), 0);
  const troco = handedTotal - sale.total;

  return {
    ambiente: n.ambiente,
    referencia: n.referencia,
    infNFe: {
      versao: '4.00',
      ide: {
        cUF: emitter.ufCode,
        cNF: n.cNF,
        natOp: 'VENDA',
        mod: 65,
        serie: n.serie,
        nNF: n.numero,
        dhEmi: isoWithOffset(n.issuedAt, n.utcOffsetMinutes),
        tpNF: 1,
        idDest: 1,
        cMunFG: emitter.cityCode,
        tpImp: 4,
        tpEmis: 1,
        tpAmb: homolog ? 2 : 1,
        finNFe: 1,
        indFinal: 1,
        indPres: sale.deliveryType === 'delivery' ? 4 : 1,
        procEmi: 0,
        verProc: NFCE_VERSION,
      },
      emit: {
        CNPJ: digits(emitter.cnpj),
        xNome: emitter.razaoSocial.slice(0, 60),
        xFant: emitter.nomeFantasia.slice(0, 60),
        enderEmit: {
          xLgr: emitter.street.slice(0, 60),
          nro: emitter.number.slice(0, 60),
          ...(emitter.complement ? { xCpl: emitter.complement.slice(0, 60) } : {}),
          xBairro: emitter.neighborhood.slice(0, 60),
          cMun: emitter.cityCode,
          xMun: emitter.cityName.slice(0, 60),
          UF: emitter.uf,
          CEP: digits(emitter.cep),
          cPais: '1058',
          xPais: 'BRASIL',
          ...(digits(emitter.phone).length >= 6 ? { fone: digits(emitter.phone).slice(-11) } : {}),
        },
        IE: digits(emitter.inscricaoEstadual),
        ...(emitter.inscricaoMunicipal ? { IM: emitter.inscricaoMunicipal.slice(0, 15) } : {}),
        CRT: emitter.crt,
      },
      ...(sale.buyerCpf
        ? { dest: { CPF: sale.buyerCpf, ...(homolog ? { xNome: HOMOLOGACAO_BUYER } : {}), indIEDest: 9 } }
        : {}),
      det,
      total: {
        ICMSTot: {
          vBC: 0,
          vICMS: 0,
          vICMSDeson: 0,
          vFCP: 0,
          vBCST: 0,
          vST: 0,
          vFCPST: 0,
          vFCPSTRet: 0,
          vProd: reais(vProd),
          vFrete: 0,
          vSeg: 0,
          vDesc: reais(sale.discount),
          vII: 0,
          vIPI: 0,
          vIPIDevol: 0,
          vPIS: 0,
          vCOFINS: 0,
          vOutro: reais(sale.otherCharges),
          vNF: reais(sale.total),
        },
      },
      transp: { modFrete: 9 },
      pag: { detPag, ...(troco > 0 ? { vTroco: reais(troco) } : {}) },
      infAdic: { infCpl: `Venda #${sale.number}` },
    },
  };
}

export type NfcePayload = ReturnType<typeof buildNfcePayload>;
