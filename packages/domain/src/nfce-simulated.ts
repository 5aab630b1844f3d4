/**
 * The offline NFC-e simulator's notes, shared by the simulator (which hands them out) and the demo seed
 * (which writes its history's notes as the simulator would have authorised them). The simulator keeps no
 * state: what it must remember travels inside the document id.
 */

export type SimulatedNote = {
  /** referencia */
  r: string;
  /** chave */
  k: string;
  /** issued at (ms) */
  t: number;
  a: 'homologacao' | 'producao';
  /** rejection: SEFAZ code and reason */
  x?: [number, string];
  /** vNF in centavos */
  v: number;
};

const PREFIX = 'sim_';

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export const simulatedNoteId = (note: SimulatedNote) => `${PREFIX}${toBase64Url(JSON.stringify(note))}`;

export function decodeSimulatedNoteId(id: string): SimulatedNote {
  if (!id.startsWith(PREFIX)) throw new Error('not a simulated note');
  return JSON.parse(fromBase64Url(id.slice(PREFIX.length))) as SimulatedNote;
}

/** The authorised note's XML (nfeProc) as the simulator serves it: chave, total, QR code and protocol. */
export function simulatedNoteXml(note: SimulatedNote, qr: { qrCodeUrl: string; consultaUrl: string }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">',
    `<NFe><infNFe Id="NFe${note.k}" versao="4.00"><total><ICMSTot><vNF>${(note.v / 100).toFixed(2)}</vNF></ICMSTot></total></infNFe>`,
    `<infNFeSupl><qrCode><![CDATA[${qr.qrCodeUrl}]]></qrCode><urlChave>${qr.consultaUrl}</urlChave></infNFeSupl></NFe>`,
    `<protNFe versao="4.00"><infProt><tpAmb>${note.a === 'producao' ? 1 : 2}</tpAmb><chNFe>${note.k}</chNFe><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`,
    '</nfeProc>',
  ].join('');
}
