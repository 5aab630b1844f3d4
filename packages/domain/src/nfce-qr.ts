/** Where each state's SEFAZ reads NFC-e QR codes and keys; others use the shared SVRS portal. */
const PORTALS: Record<string, { qr: [string, string]; consulta: [string, string] }> = {
  SP: {
    qr: ['https://www.nfce.fazenda.sp.gov.br/qrcode', 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode'],
    consulta: [
      'https://www.nfce.fazenda.sp.gov.br/consulta',
      'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
    ],
  },
  RJ: {
    qr: [
      'https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode',
      'https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode',
    ],
    consulta: ['https://www.fazenda.rj.gov.br/nfce/consulta', 'https://www.fazenda.rj.gov.br/nfce/consulta'],
  },
  MG: {
    qr: [
      'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      'https://hportalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
    ],
    consulta: ['https://portalsped.fazenda.mg.gov.br/portalnfce', 'https://hportalsped.fazenda.mg.gov.br/portalnfce'],
  },
};
const SVRS = {
  qr: ['https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx', 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx'] as [
    string,
    string,
  ],
  consulta: ['https://www.sefaz.rs.gov.br/nfce/consulta', 'https://www.sefaz.rs.gov.br/nfce/consulta'] as [
    string,
    string,
  ],
};
const UF_BY_CODE: Record<string, string> = { '35': 'SP', '33': 'RJ', '31': 'MG' };

/**
 * SEFAZ's QR code of an online NFC-e (version 2) and the state's consulta address:
 * `<portal>?p=key|2|tpAmb|cscId|SHA-1(key|2|tpAmb|cscId + CSC)`. The SHA-1 is the caller's (the
 * runtime's crypto); the simulator and the demo's notes sign with the simulator's own CSC.
 */
export function nfceQrCode(
  chave: string,
  ambiente: 'homologacao' | 'producao',
  sha1Hex: (text: string) => string,
  cscId = 1,
  csc = 'SIMULADOR',
): { qrCodeUrl: string; consultaUrl: string } {
  const tpAmb = ambiente === 'producao' ? 1 : 2;
  const portal = PORTALS[UF_BY_CODE[chave.slice(0, 2)] ?? ''] ?? SVRS;
  const i = ambiente === 'producao' ? 0 : 1;
  const p = `${chave}|2|${tpAmb}|${cscId}`;
  return {
    qrCodeUrl: `${portal.qr[i]}?p=${p}|${sha1Hex(`${p}${csc}`).toUpperCase()}`,
    consultaUrl: portal.consulta[i],
  };
}
