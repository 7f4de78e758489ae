import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, CLIENT_ERROR_CODES, onSessionEnded, onTwoFactorSetupRequired, orNotFound, setCsrfToken, SESSION_PATH, upload } from './api.ts';
import { apiError, fetchHeader as header, json, mockFetch, stubXhr } from './http-fakes.ts';

beforeEach(() => {
  setCsrfToken(undefined);
  onSessionEnded(undefined);
  onTwoFactorSetupRequired(undefined);
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
      () => apiError(403, 'CSRF_FAILED', 'Refresh the page'),
      () => json(200, { user: null, csrfToken: 'new' }),
      () => json(200, { ok: true }),
    );
    await expect(api.post('/api/v1/things', { title: 'x' })).resolves.toEqual({ ok: true });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/v1/things', `GET ${SESSION_PATH}`, 'POST /api/v1/things']);
    expect(header(calls[2]!, 'x-csrf-token')).toBe('new');
    expect(calls[2]?.init.body).toBe('{"title":"x"}');
  });

  it('gives up after one retry when the fresh token is refused too', async () => {
    setCsrfToken('stale');
    mockFetch(
      () => apiError(403, 'CSRF_FAILED', 'Refresh the page'),
      () => json(200, { user: null, csrfToken: 'new' }),
      () => apiError(403, 'CSRF_FAILED', 'Refresh the page'),
    );
    await expect(api.post('/api/v1/things', {})).rejects.toMatchObject({ status: 403, code: 'CSRF_FAILED', message: 'Refresh the page' });
  });

  it('does not retry a refusal that is not about the csrf token', async () => {
    setCsrfToken('tok');
    mockFetch(() => apiError(403, 'FORBIDDEN', 'Only the estate owner can do that.'));
    await expect(api.post('/api/v1/things', {})).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Only the estate owner can do that.' });
  });

  it('throws the error format as an ApiError with fields', async () => {
    setCsrfToken('t');
    mockFetch(() =>
      apiError(400, 'VALIDATION_FAILED', 'Check the form', { email: 'Enter a valid email address' }),
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
    await expect(api.get('/api/v1/things')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    await expect(api.get('/api/v1/things')).rejects.toMatchObject({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: "We couldn't reach Heirloom. Check your connection and try again.",
    });
  });

  it('lets a cancelled request end as the abort, not as a network failure', async () => {
    const controller = new AbortController();
    mockFetch(() => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(api.get('/api/v1/things', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends a user the platform requires two-factor of to its setup', async () => {
    const setup = vi.fn();
    onTwoFactorSetupRequired(setup);
    mockFetch(() => apiError(403, 'TWO_FACTOR_SETUP_REQUIRED', 'Set up two-factor first'));
    await expect(api.get('/api/v1/memories')).rejects.toBeInstanceOf(ApiError);
    expect(setup).toHaveBeenCalledTimes(1);
  });

  it('reports an ended session to the handler', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    mockFetch(
      () => apiError(401, 'SESSION_EXPIRED', 'Session ended'),
      () => apiError(401, 'INVALID_CREDENTIALS', 'No'),
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

describe('upload', () => {
  const form = () => {
    const data = new FormData();
    data.append('title', 'Will');
    return data;
  };

  it('sends the form with the csrf token and reports its progress up to the end', async () => {
    setCsrfToken('tok-1');
    const requests = stubXhr();
    const progress: number[] = [];
    const done = upload('/api/v1/documents', form(), (f) => progress.push(f));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/documents');
    expect(xhr.headers['x-csrf-token']).toBe('tok-1');
    expect((xhr.body as FormData).get('title')).toBe('Will');
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(201, { id: 'd1' });
    await expect(done).resolves.toEqual({ id: 'd1' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('fetches the session for a token before the first upload', async () => {
    const calls = mockFetch(() => json(200, { user: null, csrfToken: 'fresh' }));
    const requests = stubXhr();
    const done = upload('/api/v1/documents', form());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(calls[0]?.url).toBe(SESSION_PATH);
    expect(requests[0]?.headers['x-csrf-token']).toBe('fresh');
    requests[0]!.respond(201, {});
    await done;
  });

  it('refreshes a rejected csrf token once, starts the progress over and sends the form again', async () => {
    setCsrfToken('stale');
    mockFetch(() => json(200, { user: null, csrfToken: 'new' }));
    const requests = stubXhr();
    const progress: number[] = [];
    const done = upload('/api/v1/documents', form(), (f) => progress.push(f), { method: 'PUT' });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.progress(50, 100);
    requests[0]!.respond(403, { error: { code: 'CSRF_FAILED', message: 'Refresh the page' } });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    const retry = requests[1]!;
    expect(retry.method).toBe('PUT');
    expect(retry.headers['x-csrf-token']).toBe('new');
    expect((retry.body as FormData).get('title')).toBe('Will');
    retry.respond(200, { id: 'd1' });
    await expect(done).resolves.toEqual({ id: 'd1' });
    expect(progress).toEqual([0.5, 0, 1]);
  });

  it('throws the error format as an ApiError and reports an ended session', async () => {
    setCsrfToken('tok');
    const ended = vi.fn();
    onSessionEnded(ended);
    const requests = stubXhr();
    const refused = upload('/api/v1/documents', form());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.respond(422, { error: { code: 'VALIDATION_FAILED', message: 'That file is not a PDF', fields: { file: 'Choose a PDF' } } });
    await expect(refused).rejects.toMatchObject({ status: 422, message: 'That file is not a PDF', fields: { file: 'Choose a PDF' } });

    const expired = upload('/api/v1/documents', form());
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    requests[1]!.respond(401, { error: { code: 'SESSION_EXPIRED', message: 'Session ended' } });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledWith('SESSION_EXPIRED');
  });

  it('turns a lost connection into a network error and a cancel into an abort', async () => {
    setCsrfToken('tok');
    const requests = stubXhr();
    const lost = upload('/api/v1/documents', form());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.fail();
    await expect(lost).rejects.toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });

    const controller = new AbortController();
    const cancelled = upload('/api/v1/documents', form(), undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[1]?.aborted).toBe(true);
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
