import type { FiscalAmbiente } from '@meucardapio/domain/nfce-payload';

/**
 * NFC-e emission (Nuvem Fiscal's API, or our simulator that answers as it does). Amounts and payloads
 * are already in the API's shape: the provider only carries them.
 */

/** Whose notes: the restaurant's CNPJ, its ambiente and, for the real API, its credentials. */
export type FiscalAccount = {
  cnpj: string;
  ambiente: FiscalAmbiente;
  clientId: string | null;
  clientSecret: string | null;
};

/** The API's document status (top-level `status` of `Dfe`). */
export type DocumentStatus = 'pendente' | 'autorizado' | 'rejeitado' | 'denegado' | 'encerrado' | 'cancelado' | 'erro';

export type FiscalDocument = {
  id: string;
  status: DocumentStatus;
  chave: string | null;
  protocolo: string | null;
  sefazCode: number | null;
  sefazReason: string | null;
};

export type CancelResult = {
  status: 'pendente' | 'registrado' | 'rejeitado' | 'erro';
  sefazCode: number | null;
  sefazReason: string | null;
};

export type SefazStatus = { code: number | null; reason: string | null; autorizador: string | null };

export type CompanyNfceConfig = { crt: number; cscId: number; csc: string; ambiente: FiscalAmbiente };

/**
 * Why a call failed: `unavailable` (network, timeout, 5xx, 429: try again later), `credentials` (the token
 * was refused or lacks a scope), `invalid` (the API refused the request itself: retrying changes nothing),
 * `not_found`.
 */
export class FiscalProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'credentials' | 'invalid' | 'not_found',
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

export interface FiscalProvider {
  readonly name: 'simulator' | 'nuvemfiscal';
  /** `POST /nfce`: the API answers the note of an earlier request with the same `referencia`. */
  emit(account: FiscalAccount, payload: { referencia: string } & Record<string, unknown>): Promise<FiscalDocument>;
  get(account: FiscalAccount, id: string): Promise<FiscalDocument>;
  xml(account: FiscalAccount, id: string): Promise<string>;
  pdf(account: FiscalAccount, id: string): Promise<Uint8Array<ArrayBuffer>>;
  escpos(account: FiscalAccount, id: string): Promise<Uint8Array<ArrayBuffer>>;
  cancel(account: FiscalAccount, id: string, justificativa: string): Promise<CancelResult>;
  sefazStatus(account: FiscalAccount): Promise<SefazStatus>;
  configureCompany(account: FiscalAccount, config: CompanyNfceConfig): Promise<void>;
}

/** Picks the provider for a restaurant: the real API only when configured for it and given credentials. */
export type FiscalGateway = { providerFor(account: FiscalAccount): FiscalProvider };

/** The QR code and the "consulte pela chave" address SEFAZ's authorised XML carries (`infNFeSupl`). */
export function qrFromXml(xml: string): { qrCodeUrl: string | null; consultaUrl: string | null } {
  const pick = (tag: string) => {
    const m = new RegExp(`<${tag}>(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?</${tag}>`).exec(xml);
    return m ? m[1].trim().replace(/&amp;/g, '&') : null;
  };
  return { qrCodeUrl: pick('qrCode'), consultaUrl: pick('urlChave') };
}
