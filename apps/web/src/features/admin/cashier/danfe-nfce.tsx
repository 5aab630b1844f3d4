import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { type FiscalNoteView, HOMOLOGACAO_LINE } from '@meucardapio/domain/fiscal-note';
import { formatAccessKey } from '@meucardapio/domain/fiscal-rules';
import { useQrImage } from '@/components/pix-qr';
import { formatDateTime } from '@/lib/format';

/** Only an authorised note is printed as a DANFE; any other sale's ticket stays "CUPOM NÃO FISCAL". */
export function isPrintableNote(note: FiscalNoteView | null | undefined): note is FiscalNoteView & { chave: string } {
  return note?.status === 'authorized' && Boolean(note.chave);
}

/** The DANFE NFC-e's heading (SEFAZ's division II), where a non-fiscal ticket says "CUPOM NÃO FISCAL". */
export function DanfeHeading() {
  return (
    <>
      <p className="receipt-center receipt-strong">DANFE NFC-e</p>
      <p className="receipt-center">Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica</p>
    </>
  );
}

/**
 * The DANFE NFC-e's lower divisions, after the items and payments: where to check the note, its chave de
 * acesso in groups of four, the consumer, the number, série and authorisation, and SEFAZ's QR code.
 */
export function DanfeFooter({ note, timeZone }: { note: FiscalNoteView & { chave: string }; timeZone: string }) {
  const qr = useQrImage(note.qrCodeUrl, 180);
  return (
    <div data-testid="danfe-nfce">
      <hr />
      {note.consultaUrl && (
        <p className="receipt-center">
          Consulte pela chave de acesso em
          <br />
          <span style={{ wordBreak: 'break-all' }}>{note.consultaUrl}</span>
        </p>
      )}
      <p className="receipt-center receipt-strong" data-testid="danfe-chave">
        {formatAccessKey(note.chave)}
      </p>
      <hr />
      <p className="receipt-center">
        {note.buyerCpf ? `CONSUMIDOR CPF: ${formatCpf(note.buyerCpf)}` : 'CONSUMIDOR NÃO IDENTIFICADO'}
      </p>
      <hr />
      <p className="receipt-center receipt-strong">
        NFC-e nº {String(note.numero).padStart(9, '0')} Série {String(note.serie).padStart(3, '0')}
      </p>
      {note.issuedAt && <p className="receipt-center">Emissão: {formatDateTime(note.issuedAt, timeZone)}</p>}
      {note.protocolo && (
        <p className="receipt-center">
          Protocolo de autorização: {note.protocolo}
          {note.authorizedAt && (
            <>
              <br />
              Data de autorização: {formatDateTime(note.authorizedAt, timeZone)}
            </>
          )}
        </p>
      )}
      {note.ambiente === 'homologacao' && <p className="receipt-center receipt-strong">{HOMOLOGACAO_LINE}</p>}
      {note.qrCodeUrl && qr && (
        <img src={qr} alt="QR Code da NFC-e" className="mx-auto my-1 block size-36" data-testid="danfe-qr" />
      )}
    </div>
  );
}
