import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorText, titledErrorText } from './api';

function mockFetch(status: number, body: unknown, contentType = 'application/json') {
  const fn = vi.fn(
    async () =>
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('sends JSON with same-origin credentials and parses the answer', async () => {
    const fetch = mockFetch(200, { ok: true });
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('adds query parameters, skipping empty ones', async () => {
    const fetch = mockFetch(200, []);
    await api.get('/api/list', { query: { q: 'pizza', page: 2, empty: undefined } });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/list?q=pizza&page=2');
  });

  it('throws ApiError with the server texts', async () => {
    mockFetch(401, {
      error: { code: 'invalid_credentials', title: 'Erro no login', description: 'Credenciais inválidas.' },
    });
    const err = await api.post('/api/auth/login', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 'invalid_credentials',
      title: 'Erro no login',
      description: 'Credenciais inválidas.',
      status: 401,
    });
    expect(errorText(err, 'x')).toEqual({ title: 'Erro no login', description: 'Credenciais inválidas.' });
  });

  it('turns a non-JSON failure and a network failure into ApiError', async () => {
    mockFetch(500, 'Internal Server Error', 'text/plain');
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 500, code: 'internal' });
    // A proxy's page while the servers restart is a "try again", not a failure of the request.
    mockFetch(502, 'Bad Gateway', 'text/plain');
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'unavailable',
      title: 'Serviço temporariamente indisponível.',
      description: 'Tente novamente em instantes.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('resolves undefined on 204', async () => {
    mockFetch(204, undefined);
    await expect(api.delete('/api/x/1')).resolves.toBeUndefined();
  });
});

describe('titledErrorText (per-entity error titles, spec 3 §8)', () => {
  it("puts the screen's title over the server's message", () => {
    const err = new ApiError({
      code: 'conflict',
      title: 'Mesa já existe',
      description: 'A mesa 5 já está cadastrada.',
      status: 409,
    });
    expect(titledErrorText(err, 'Erro ao criar mesa')).toEqual({
      title: 'Erro ao criar mesa',
      description: 'A mesa 5 já está cadastrada.',
    });
    const bare = new ApiError({ code: 'x', title: 'Cupom em uso', status: 409 });
    expect(titledErrorText(bare, 'Erro ao excluir cupom')).toEqual({
      title: 'Erro ao excluir cupom',
      description: 'Cupom em uso',
    });
  });

  it('keeps "Acesso negado" for a missing permission', () => {
    const err = new ApiError({ code: 'forbidden', title: 'Acesso negado', description: 'Sem permissão.', status: 403 });
    expect(titledErrorText(err, 'Erro ao criar mesa').title).toBe('Acesso negado');
  });
});
