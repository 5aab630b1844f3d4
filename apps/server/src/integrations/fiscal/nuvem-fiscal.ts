import type {
  CancelResult,
  DocumentStatus,
  FiscalAccount,
  FiscalDocument,
  FiscalProvider,
  SefazStatus,
} from './fiscal';
import { FiscalProviderError } from './fiscal';

/**
 * The real NFC-e provider: Nuvem Fiscal's API 2.60.0 (see `test/fixtures/nuvem-fiscal/`). OAuth2 client
 * credentials on the auth host; the API host by the restaurant's ambiente (sandbox or production), both
 * overridable so tests and staging point the client at a fake. A token is reused until shortly before it
 * expires and renewed once when the API answers 401.
 */

export const NUVEM_FISCAL_HOSTS = {
  auth: 'https://auth.nuvemfiscal.com.br',
  homologacao: 'https://api.sandbox.nuvemfiscal.com.br',
  producao: 'https://api.nuvemfiscal.com.br',
};
const SCOPES = 'empresa nfce';

export type NuvemFiscalOptions = {
  apiUrl?: string;
  authUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

type Token = { value: string; expiresAt: number };

type Dfe = {
  id?: string;
  status?: DocumentStatus;
  chave?: string;
  autorizacao?: { codigo_status?: number; motivo_status?: string; numero_protocolo?: string; mensagem?: string };
};

function toDocument(d: Dfe): FiscalDocument {
  if (!d.id || !d.status) throw new FiscalProviderError('unavailable', 'Resposta da Nuvem Fiscal sem id ou status');
  const a = d.autorizacao ?? {};
  return {
    id: d.id,
    status: d.status,
    chave: d.chave ?? null,
    protocolo: a.numero_protocolo ?? null,
    sefazCode: a.codigo_status ?? null,
    sefazReason: a.motivo_status ?? a.mensagem ?? null,
  };
}

export function nuvemFiscalProvider(options: NuvemFiscalOptions = {}): FiscalProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const authBase = (options.authUrl ?? NUVEM_FISCAL_HOSTS.auth).replace(/\/$/, '');
  const tokens = new Map<string, Token>();
  const apiBase = (a: FiscalAccount) => (options.apiUrl ?? NUVEM_FISCAL_HOSTS[a.ambiente]).replace(/\/$/, '');

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new FiscalProviderError('unavailable', `Nuvem Fiscal fora do ar: ${(err as Error).message}`);
    }
  }

  async function token(a: FiscalAccount, renew: boolean): Promise<string> {
    if (!a.clientId || !a.clientSecret)
      throw new FiscalProviderError('credentials', 'Credenciais da Nuvem Fiscal não configuradas');
    const key = `${a.ambiente}:${a.clientId}`;
    const cached = tokens.get(key);
    if (cached && !renew && cached.expiresAt > Date.now()) return cached.value;
    const res = await send(`${authBase}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${a.clientId}:${a.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES }).toString(),
    });
    if (res.status === 400 || res.status === 401 || res.status === 403)
      throw new FiscalProviderError(
        'credentials',
        'Client ID ou Client Secret recusados pela Nuvem Fiscal',
        res.status,
      );
    if (!res.ok)
      throw new FiscalProviderError('unavailable', `Autenticação da Nuvem Fiscal respondeu ${res.status}`, res.status);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new FiscalProviderError('unavailable', 'Autenticação da Nuvem Fiscal sem token');
    // Renewed a minute early, so a token never expires between the check and the call.
    const lifetime = Math.max(0, (body.expires_in ?? 3600) - 60) * 1000;
    tokens.set(key, { value: body.access_token, expiresAt: Date.now() + lifetime });
    return body.access_token;
  }

  async function call(a: FiscalAccount, method: string, path: string, body?: unknown): Promise<Response> {
    const attempt = async (renew: boolean) =>
      send(`${apiBase(a)}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await token(a, renew)}`,
          accept: '*/*',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let res = await attempt(false);
    if (res.status === 401) res = await attempt(true);
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    let message = text.slice(0, 300);
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
    } catch {}
    const what = `Nuvem Fiscal respondeu ${res.status}${message ? `: ${message}` : ''}`;
    if (res.status === 401 || res.status === 403) throw new FiscalProviderError('credentials', what, res.status);
    if (res.status === 404) throw new FiscalProviderError('not_found', what, res.status);
    if (res.status === 429 || res.status >= 500) throw new FiscalProviderError('unavailable', what, res.status);
    throw new FiscalProviderError('invalid', what, res.status);
  }

  const json = async <T>(res: Response) => (await res.json()) as T;
  const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer()) as Uint8Array<ArrayBuffer>;

  return {
    name: 'nuvemfiscal',
    async emit(a, payload) {
      try {
        return toDocument(await json<Dfe>(await call(a, 'POST', '/nfce', payload)));
      } catch (err) {
        // An earlier request with this referencia reached the API: answer its note, never a second one.
        if (!(err instanceof FiscalProviderError) || err.httpStatus !== 409) throw err;
        const q = new URLSearchParams({
          cpf_cnpj: a.cnpj.replace(/\D/g, ''),
          ambiente: a.ambiente,
          referencia: payload.referencia,
        });
        const list = await json<{ data?: Dfe[] }>(await call(a, 'GET', `/nfce?${q.toString()}`));
        const found = list.data?.[0];
        if (!found) throw err;
        return toDocument(found);
      }
    },
    async get(a, id) {
      return toDocument(await json<Dfe>(await call(a, 'GET', `/nfce/${encodeURIComponent(id)}`)));
    },
    async xml(a, id) {
      return (await call(a, 'GET', `/nfce/${encodeURIComponent(id)}/xml`)).text();
    },
    async pdf(a, id) {
      return bytes(await call(a, 'GET', `/nfce/${encodeURIComponent(id)}/pdf`));
    },
    async escpos(a, id) {
      return bytes(await call(a, 'GET', `/nfce/${encodeURIComponent(id)}/escpos`));
    },
    async cancel(a, id, justificativa): Promise<CancelResult> {
      const r = await json<{
        status?: CancelResult['status'];
        codigo_status?: number;
        motivo_status?: string;
        mensagem?: string;
      }>(await call(a, 'POST', `/nfce/${encodeURIComponent(id)}/cancelamento`, { justificativa }));
      return {
        status: r.status ?? 'erro',
        sefazCode: r.codigo_status ?? null,
        sefazReason: r.motivo_status ?? r.mensagem ?? null,
      };
    },
    async sefazStatus(a): Promise<SefazStatus> {
      const q = new URLSearchParams({ cpf_cnpj: a.cnpj.replace(/\D/g, '') });
      const r = await json<{ codigo_status?: number; motivo_status?: string; autorizador?: string }>(
        await call(a, 'GET', `/nfce/sefaz/status?${q.toString()}`),
      );
      return { code: r.codigo_status ?? null, reason: r.motivo_status ?? null, autorizador: r.autorizador ?? null };
    },
    async configureCompany(a, config) {
      await call(a, 'PUT', `/empresas/${a.cnpj.replace(/\D/g, '')}/nfce`, {
        CRT: config.crt,
        ambiente: config.ambiente,
        sefaz: { id_csc: config.cscId, csc: config.csc },
      });
    },
  };
}
