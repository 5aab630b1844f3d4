import { describe, expect, it } from 'vitest';
import { nfceQrCode } from './nfce-qr';

const chave = (uf: string) => `${uf}${'1'.repeat(42)}`;
const hashes: string[] = [];
const fakeSha1 = (text: string) => {
  hashes.push(text);
  return 'ab'.repeat(20);
};

describe('nfceQrCode', () => {
  it("points at the state's portal for the ambiente, with key|2|tpAmb|cscId and the hash of it plus the CSC", () => {
    const sp = nfceQrCode(chave('35'), 'homologacao', fakeSha1, 1, 'CSC1');
    expect(sp.qrCodeUrl).toBe(
      `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${chave('35')}|2|2|1|${'AB'.repeat(20)}`,
    );
    expect(sp.consultaUrl).toBe('https://www.homologacao.nfce.fazenda.sp.gov.br/consulta');
    expect(hashes.at(-1)).toBe(`${chave('35')}|2|2|1CSC1`);
    const prod = nfceQrCode(chave('35'), 'producao', fakeSha1, 2);
    expect(prod.qrCodeUrl).toMatch(/^https:\/\/www\.nfce\.fazenda\.sp\.gov\.br\/qrcode\?p=\d{44}\|2\|1\|2\|/);
  });

  it('uses the shared SVRS portal for a state without its own', () => {
    expect(nfceQrCode(chave('42'), 'producao', fakeSha1).consultaUrl).toBe('https://www.sefaz.rs.gov.br/nfce/consulta');
  });
});
