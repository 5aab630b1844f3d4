import { createHash } from 'node:crypto';
import { accessKey } from '@meucardapio/domain/fiscal-rules';
import { nfceQrCode } from '@meucardapio/domain/nfce-qr';
import {
  decodeSimulatedNoteId,
  type SimulatedNote,
  simulatedNoteId,
  simulatedNoteXml,
} from '@meucardapio/domain/nfce-simulated';
import type { FiscalAccount, FiscalDocument, FiscalProvider } from './fiscal';

/**
 * The offline NFC-e provider (the default and the demo's). It answers as Nuvem Fiscal does — `pendente`
 * at first, then `autorizado` with a chave de acesso whose check digit is right, an XML whose QR code
 * follows SEFAZ's pattern, `rejeitado` (778, NCM inexistente) when an item's NCM is not 8 digits — and
 * keeps no state: everything it must remember travels inside the document id it hands out, so any
 * instance answers for a note any other one emitted.
 */

/** How long a simulated note stays `pendente`. */
const PENDING_MS = 600;

/** The simulator's QR code: SEFAZ's pattern, hashed with a CSC of its own. */
const simulatedQr = (chave: string, ambiente: SimulatedNote['a']) =>
  nfceQrCode(chave, ambiente, (text) => createHash('sha1').update(text).digest('hex'));

function document(t: SimulatedNote, now: number): FiscalDocument {
  const base = { id: simulatedNoteId(t), chave: t.k, protocolo: null, sefazCode: null, sefazReason: null };
  if (now - t.t < PENDING_MS) return { ...base, status: 'pendente' };
  if (t.x) return { ...base, status: 'rejeitado', sefazCode: t.x[0], sefazReason: t.x[1] };
  const protocolo = `${t.k.slice(0, 2)}${String(t.t).slice(-13).padStart(13, '0')}`;
  return { ...base, status: 'autorizado', protocolo, sefazCode: 100, sefazReason: 'Autorizado o uso da NF-e' };
}

export function simulatorFiscalProvider(now: () => number = Date.now): FiscalProvider {
  return {
    name: 'simulator',
    async emit(account: FiscalAccount, payload) {
      const inf = payload.infNFe as {
        ide: { cUF: number; serie: number; nNF: number; cNF: string; tpEmis: number };
        det: { prod: { NCM: string } }[];
      };
      const badNcm = inf.det.find((d) => !/^\d{8}$/.test(d.prod.NCM) || d.prod.NCM === '00000000');
      const t = now();
      const chave = accessKey({
        cUF: inf.ide.cUF,
        issuedAt: new Date(t),
        cnpj: account.cnpj,
        modelo: 65,
        serie: inf.ide.serie,
        numero: inf.ide.nNF,
        tpEmis: inf.ide.tpEmis,
        cNF: Number(inf.ide.cNF),
      });
      return document(
        {
          r: payload.referencia,
          k: chave,
          t,
          a: account.ambiente,
          v: Math.round((payload.infNFe as { total: { ICMSTot: { vNF: number } } }).total.ICMSTot.vNF * 100),
          ...(badNcm ? { x: [778, `Rejeição: Informado NCM inexistente [nItem:${inf.det.indexOf(badNcm) + 1}]`] } : {}),
        },
        t,
      );
    },
    async get(_account, id) {
      return document(decodeSimulatedNoteId(id), now());
    },
    async xml(_account, id) {
      const t = decodeSimulatedNoteId(id);
      return simulatedNoteXml(t, simulatedQr(t.k, t.a));
    },
    async pdf(_account, id) {
      const t = decodeSimulatedNoteId(id);
      return new TextEncoder().encode(
        `%PDF-1.4\n% DANFE NFC-e simulada\n% Chave ${t.k}\n${t.a === 'homologacao' ? '% EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL\n' : ''}%%EOF\n`,
      );
    },
    async escpos(_account, id) {
      const t = decodeSimulatedNoteId(id);
      return new TextEncoder().encode(`\x1b@DANFE NFC-e\nChave ${t.k}\n\n\n\x1dV\x00`);
    },
    async cancel() {
      return { status: 'registrado', sefazCode: 135, sefazReason: 'Evento registrado e vinculado a NF-e' };
    },
    async sefazStatus() {
      return { code: 107, reason: 'Serviço em Operação (simulador)', autorizador: 'SIMULADOR' };
    },
    async configureCompany() {},
  };
}
