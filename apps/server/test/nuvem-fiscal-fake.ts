import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { accessKey } from '@meucardapio/domain/fiscal-rules';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * A local Nuvem Fiscal speaking its protocol: the token host (OAuth2 client credentials, HTTP Basic) and
 * the NFC-e API. Every request body is validated against the official description
 * (fixtures/nuvem-fiscal/swagger.json) with ajv; a body that does not match answers 400 and is kept in
 * `invalid`, so a test can assert there were none. Behaviour is steered by the test: how many polls a
 * note stays `pendente`, an outage (503 everywhere), revoked tokens.
 */

// Swagger 2.0 writes JSON Schema draft 4's boolean exclusiveMinimum; ajv speaks draft 7, where it is a number.
const swagger = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures/nuvem-fiscal/swagger.json'), 'utf8'),
  (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [flag, bound] of [
        ['exclusiveMinimum', 'minimum'],
        ['exclusiveMaximum', 'maximum'],
      ] as const) {
        if (value[flag] === true) {
          value[flag] = value[bound];
          delete value[bound];
        } else if (value[flag] === false) delete value[flag];
      }
    }
    return value;
  },
) as {
  definitions: Record<string, unknown>;
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
};

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'nuvemfiscal', definitions: swagger.definitions });
const schema = (name: string) => ajv.getSchema(`nuvemfiscal#/definitions/${name}`) as ValidateFunction;
const BODY_SCHEMAS: Record<string, ValidateFunction> = {
  'POST /nfce': schema('NfePedidoEmissao'),
  'POST /nfce/{id}/cancelamento': schema('NfePedidoCancelamento'),
  'PUT /empresas/{cpf_cnpj}/nfce': schema('EmpresaConfigNfce'),
};

type Doc = {
  id: string;
  ambiente: string;
  referencia: string;
  status: 'pendente' | 'autorizado' | 'rejeitado' | 'cancelado';
  pollsLeft: number;
  chave: string;
  numero: number;
  serie: number;
  valor_total: number;
  reject: [number, string] | null;
  body: Record<string, unknown>;
};

export type FakeRequest = { method: string; path: string; body: unknown; auth: string | undefined };

export type FakeNuvemFiscal = {
  url: string;
  requests: FakeRequest[];
  /** Requests whose body or query broke the official schema, with ajv's errors. */
  invalid: { route: string; errors: unknown }[];
  docs: Map<string, Doc>;
  tokensIssued: number;
  /** Polls a new note answers `pendente` before its verdict. */
  pendingPolls: number;
  /** While true every request answers 503. */
  down: boolean;
  /** Forgets every token issued so far: the next API call gets a 401. */
  revokeTokens(): void;
  /** The emission payloads received, in order. */
  emissions(): Record<string, unknown>[];
  close(): Promise<void>;
};

const CLIENT_ID = 'cliente-teste';
const CLIENT_SECRET = 'segredo-teste';
export const FAKE_CREDENTIALS = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

function route(method: string, path: string): { key: string; id?: string; cnpj?: string } | null {
  const p = path.split('?')[0];
  if (method === 'POST' && p === '/oauth/token') return { key: 'POST /oauth/token' };
  if (p === '/nfce') return { key: `${method} /nfce` };
  if (method === 'GET' && p === '/nfce/sefaz/status') return { key: 'GET /nfce/sefaz/status' };
  let m = /^\/empresas\/(\d+)\/nfce$/.exec(p);
  if (m) return { key: `${method} /empresas/{cpf_cnpj}/nfce`, cnpj: m[1] };
  m = /^\/nfce\/([^/]+)(\/(cancelamento|xml|pdf|escpos))?$/.exec(p);
  if (m) return { key: `${method} /nfce/{id}${m[2] ?? ''}`, id: m[1] };
  return null;
}

/** Required query parameters of a path, as the description lists them. */
function missingQuery(key: string, query: URLSearchParams): string[] {
  const [method, path] = key.split(' ');
  const params = swagger.paths[path]?.[method.toLowerCase()]?.parameters ?? [];
  return params.filter((p) => p.in === 'query' && p.required && !query.get(p.name)).map((p) => p.name);
}

export async function startFakeNuvemFiscal(): Promise<FakeNuvemFiscal> {
  const tokens = new Set<string>();
  let seq = 0;
  const fake: FakeNuvemFiscal = {
    url: '',
    requests: [],
    invalid: [],
    docs: new Map(),
    tokensIssued: 0,
    pendingPolls: 2,
    down: false,
    revokeTokens: () => tokens.clear(),
    emissions: () =>
      fake.requests
        .filter((r) => r.method === 'POST' && r.path === '/nfce')
        .map((r) => r.body as Record<string, unknown>),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { error: { code: String(status), message } });

  const dfe = (d: Doc) => ({
    id: d.id,
    ambiente: d.ambiente,
    created_at: new Date().toISOString(),
    status: d.status,
    referencia: d.referencia,
    modelo: 65,
    serie: d.serie,
    numero: d.numero,
    tipo_emissao: 1,
    valor_total: d.valor_total,
    chave: d.chave,
    autorizacao:
      d.status === 'pendente'
        ? { status: 'pendente' }
        : d.status === 'rejeitado'
          ? { status: 'rejeitado', codigo_status: d.reject?.[0], motivo_status: d.reject?.[1] }
          : {
              status: 'registrado',
              codigo_status: 100,
              motivo_status: 'Autorizado o uso da NF-e',
              numero_protocolo: `1352600000${String(d.numero).padStart(5, '0')}`,
              chave_acesso: d.chave,
            },
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const r = route(method, url.pathname);
    let body: unknown = raw;
    if ((req.headers['content-type'] ?? '').includes('json')) body = raw ? JSON.parse(raw) : undefined;
    fake.requests.push({ method, path: url.pathname + url.search, body, auth: req.headers.authorization });
    if (fake.down) return error(res, 503, 'Serviço indisponível');
    if (!r) return error(res, 404, 'Rota desconhecida');

    if (r.key === 'POST /oauth/token') {
      const form = new URLSearchParams(raw);
      const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return send(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'client_credentials') {
        fake.invalid.push({ route: r.key, errors: 'grant_type' });
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      if (!(form.get('scope') ?? '').split(' ').includes('nfce')) {
        fake.invalid.push({ route: r.key, errors: 'scope nfce' });
        return send(res, 400, { error: 'invalid_scope' });
      }
      const token = `tok-${++fake.tokensIssued}`;
      tokens.add(token);
      return send(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 2592000,
        scope: form.get('scope'),
      });
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return error(res, 401, 'Token inválido ou expirado');
    const missing = missingQuery(r.key, url.searchParams);
    if (missing.length) {
      fake.invalid.push({ route: r.key, errors: `query: ${missing.join(', ')}` });
      return error(res, 400, `Parâmetros obrigatórios: ${missing.join(', ')}`);
    }
    const validate = BODY_SCHEMAS[r.key];
    if (validate && !validate(body)) {
      fake.invalid.push({ route: r.key, errors: validate.errors });
      return error(res, 400, ajv.errorsText(validate.errors));
    }

    switch (r.key) {
      case 'PUT /empresas/{cpf_cnpj}/nfce':
        return send(res, 200, body);
      case 'GET /nfce/sefaz/status':
        return send(res, 200, {
          autorizador: 'SP',
          ambiente: 'homologacao',
          codigo_status: 107,
          motivo_status: 'Serviço em Operação',
          data_hora_consulta: new Date().toISOString(),
        });
      case 'POST /nfce': {
        const b = body as { ambiente: string; referencia: string; infNFe: Record<string, never> };
        const earlier = [...fake.docs.values()].find((d) => d.referencia === b.referencia && d.ambiente === b.ambiente);
        if (earlier) return send(res, 200, dfe(earlier));
        const ide = b.infNFe.ide as { cUF: number; serie: number; nNF: number; cNF: string; tpEmis: number };
        const emit = b.infNFe.emit as { CNPJ: string };
        const det = b.infNFe.det as { prod: { NCM: string } }[];
        const bad = det.findIndex((d) => d.prod.NCM === '00000000');
        const doc: Doc = {
          id: `nfce_${++seq}`,
          ambiente: b.ambiente,
          referencia: b.referencia,
          status: 'pendente',
          pollsLeft: fake.pendingPolls,
          chave: accessKey({
            cUF: ide.cUF,
            issuedAt: new Date(),
            cnpj: emit.CNPJ,
            modelo: 65,
            serie: ide.serie,
            numero: ide.nNF,
            tpEmis: ide.tpEmis,
            cNF: Number(ide.cNF),
          }),
          numero: ide.nNF,
          serie: ide.serie,
          valor_total: (b.infNFe.total as { ICMSTot: { vNF: number } }).ICMSTot.vNF,
          reject: bad >= 0 ? [778, `Rejeição: Informado NCM inexistente [nItem:${bad + 1}]`] : null,
          body: b as unknown as Record<string, unknown>,
        };
        fake.docs.set(doc.id, doc);
        return send(res, 200, dfe(doc));
      }
      case 'GET /nfce': {
        const found = [...fake.docs.values()].filter((d) => d.referencia === url.searchParams.get('referencia'));
        return send(res, 200, { '@count': found.length, data: found.map(dfe) });
      }
    }
    const doc = r.id ? fake.docs.get(r.id) : undefined;
    if (!doc) return error(res, 404, 'NFC-e não encontrada');
    switch (r.key) {
      case 'GET /nfce/{id}':
        if (doc.status === 'pendente') {
          if (doc.pollsLeft > 0) doc.pollsLeft--;
          else doc.status = doc.reject ? 'rejeitado' : 'autorizado';
        }
        return send(res, 200, dfe(doc));
      case 'GET /nfce/{id}/xml':
        if (doc.status !== 'autorizado' && doc.status !== 'cancelado') return error(res, 404, 'XML indisponível');
        return send(
          res,
          200,
          `<?xml version="1.0"?><nfeProc versao="4.00"><NFe><infNFe Id="NFe${doc.chave}"/><infNFeSupl><qrCode><![CDATA[https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${doc.chave}|2|2|1|ABCDEF]]></qrCode><urlChave>https://www.homologacao.nfce.fazenda.sp.gov.br/consulta</urlChave></infNFeSupl></NFe></nfeProc>`,
          'application/xml',
        );
      case 'GET /nfce/{id}/pdf':
        return send(res, 200, new TextEncoder().encode('%PDF-1.4 fake'), 'application/pdf');
      case 'GET /nfce/{id}/escpos':
        return send(res, 200, new TextEncoder().encode('\x1b@fake'), 'application/octet-stream');
      case 'POST /nfce/{id}/cancelamento':
        doc.status = 'cancelado';
        return send(res, 200, {
          id: `evt_${doc.id}`,
          ambiente: doc.ambiente,
          status: 'registrado',
          justificativa: (body as { justificativa?: string }).justificativa,
          chave_acesso: doc.chave,
          codigo_status: 135,
          motivo_status: 'Evento registrado e vinculado a NF-e',
          tipo_evento: 'cancelamento',
        });
    }
    return error(res, 404, 'Rota desconhecida');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => error(res, 500, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
