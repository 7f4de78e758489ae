import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, CLIENT_ERROR_CODES, onSessionEnded, orNotFound, setCsrfToken, SESSION_PATH } from './api.ts';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers fetch calls from a list of handlers, one per call, and records them. */
function mockFetch(...responses: ((call: Call) => Response | Promise<Response>)[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      const next = responses.shift();
      if (!next) throw new Error(`unexpected fetch ${init.method} ${url}`);
      return next(call);
    }),
  );
  return calls;
}

const header = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];

beforeEach(() => {
  setCsrfToken(undefined);
  onSessionEnded(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('GETs JSON same-origin without a csrf header', async () => {
    const calls = mockFetch(() => json(200, { ok: true }));
    await expect(api.get('/api/v1/things')).resolves.toEqual({ ok: true });
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(header(calls[0]!, 'x-csrf-token')).toBeUndefined();
  });

  it('sends the csrf token and a JSON body on every other method', async () => {
    setCsrfToken('tok-1');
    const calls = mockFetch(
      () => json(201, { id: 'a' }),
      () => json(200, {}),
      () => json(200, {}),
      () => new Response(null, { status: 204 }),
    );
    await api.post('/api/v1/things', { title: 'Wedding album' });
    await api.put('/api/v1/things/a', { title: 'x' });
    await api.patch('/api/v1/things/a', { title: 'y' });
    await expect(api.delete('/api/v1/things/a')).resolves.toBeUndefined();
    expect(calls.map((c) => c.init.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    for (const call of calls) expect(header(call, 'x-csrf-token')).toBe('tok-1');
    expect(calls[0]?.init.body).toBe('{"title":"Wedding album"}');
    expect(header(calls[0]!, 'content-type')).toBe('application/json');
    expect(header(calls[3]!, 'content-type')).toBeUndefined();
  });

  it('fetches the session for a token before the first mutation', async () => {
    const calls = mockFetch(
      () => json(200, { user: null, csrfToken: 'fresh' }),
      () => json(200, { ok: true }),
    );
    await api.post('/api/v1/auth/sign-out');
    expect(calls[0]?.url).toBe(SESSION_PATH);
    expect(header(calls[1]!, 'x-csrf-token')).toBe('fresh');
  });

  it('refreshes a rejected csrf token once and retries', async () => {
    setCsrfToken('stale');
    const calls = mockFetch(
      () => json(403, { error: { code: 'CSRF_FAILED', message: 'Refresh the page' } }),
      () => json(200, { user: null, csrfToken: 'new' }),
      () => json(200, { ok: true }),
    );
    await expect(api.post('/api/v1/things', {})).resolves.toEqual({ ok: true });
    expect(header(calls[2]!, 'x-csrf-token')).toBe('new');
  });

  it('throws the error format as an ApiError with fields', async () => {
    setCsrfToken('t');
    mockFetch(() =>
      json(400, { error: { code: 'VALIDATION_FAILED', message: 'Check the form', fields: { email: 'Enter a valid email address' } } }),
    );
    const error = await api.post('/api/v1/auth/sign-up', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form',
      fields: { email: 'Enter a valid email address' },
    });
  });

  it('turns a body that is not the error format, and a network failure, into ApiErrors', async () => {
    mockFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      () => {
        throw new TypeError('fetch failed');
      },
    );
    await expect(api.get('/api/v1/things')).rejects.toMatchObject({ status: 502, code: 'INTERNAL_ERROR' });
    await expect(api.get('/api/v1/things')).rejects.toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
  });

  it('reports an ended session to the handler', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    mockFetch(
      () => json(401, { error: { code: 'SESSION_EXPIRED', message: 'Session ended' } }),
      () => json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'No' } }),
    );
    await expect(api.get('/api/v1/memories')).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/api/v1/other')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('SESSION_EXPIRED');
  });

  it('validates a response with the given schema', async () => {
    mockFetch(() => json(200, { n: 'not a number' }));
    const schema = {
      parse(value: unknown) {
        if (typeof (value as { n?: unknown }).n !== 'number') throw new Error('n must be a number');
        return value as { n: number };
      },
    };
    await expect(api.get('/api/v1/n', { schema })).rejects.toThrow('n must be a number');
  });
});

describe('orNotFound', () => {
  it('turns 404 and 400 into "not found" and lets every other failure through', async () => {
    expect(await orNotFound(async () => 'loaded')).toBe('loaded');
    expect(await orNotFound(() => Promise.reject(new ApiError(404, 'not_found', 'Not found')))).toEqual({ notFound: true });
    expect(await orNotFound(() => Promise.reject(new ApiError(400, 'bad_request', 'Not an id')))).toEqual({ notFound: true });
    await expect(orNotFound(() => Promise.reject(new ApiError(500, 'internal', 'Broken')))).rejects.toThrow('Broken');
    await expect(orNotFound(() => Promise.reject(new TypeError('offline')))).rejects.toThrow('offline');
  });
});
