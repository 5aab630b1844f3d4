import { describe, expect, it } from 'vitest';
import { decodeSimulatedNoteId, type SimulatedNote, simulatedNoteId, simulatedNoteXml } from './nfce-simulated';

const note: SimulatedNote = {
  r: '7f0c1c4e-9d1a-4d0e-8a7e-3f6f1d2c9b10',
  k: '35261111222333000181650010000000421000000427',
  t: 1_795_000_000_000,
  a: 'homologacao',
  x: [778, 'Rejeição: Informado NCM inexistente [nItem:1]'],
  v: 4290,
};

describe('the simulator’s notes', () => {
  it('carries the note in its id, accents included, as URL-safe base64 without padding', () => {
    const id = simulatedNoteId(note);
    expect(id).toMatch(/^sim_[A-Za-z0-9_-]+$/);
    expect(decodeSimulatedNoteId(id)).toEqual(note);
    // The same bytes as Node's own base64url of the UTF-8 JSON: ids handed out earlier still decode.
    expect(id.slice(4)).toBe(Buffer.from(JSON.stringify(note)).toString('base64url'));
  });

  it('refuses an id that is not the simulator’s', () => {
    expect(() => decodeSimulatedNoteId('nfe_123')).toThrow('not a simulated note');
  });

  it('serves the XML with the chave, the total in reais, the QR code and homologação', () => {
    const xml = simulatedNoteXml(note, { qrCodeUrl: 'https://qr?p=1|2', consultaUrl: 'https://consulta' });
    expect(xml).toContain(`<infNFe Id="NFe${note.k}"`);
    expect(xml).toContain('<vNF>42.90</vNF>');
    expect(xml).toContain('<qrCode><![CDATA[https://qr?p=1|2]]></qrCode>');
    expect(xml).toContain('<tpAmb>2</tpAmb>');
  });
});
