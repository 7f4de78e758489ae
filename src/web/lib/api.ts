/**
 * The typed fetch client for `/api/v1/*`.
 *
 * - JSON in and out, cookies same-origin.
 * - Every non-GET request carries `x-csrf-token` (the token from `GET /api/v1/auth/session`,
 *   kept here; session.ts sets it whenever it loads the session).
 * - Every failure is thrown as an `ApiError` parsed from the one error format
 *   `{ error: { code, message, fields? } }`.
 * - A 401 `SESSION_EXPIRED` / `UNAUTHENTICATED` also calls the handler set with `onSessionEnded`
 *   (session.ts uses it to send the user to the sign-in page).
 */
import { ERROR_CODES, type TApiError } from '../../core/errors.ts';

export const SESSION_PATH = '/api/v1/auth/session';
export const CSRF_HEADER = 'x-csrf-token';
/** Marks a request as background work (a poller, the timeout check): it does not keep the session alive. */
export const BACKGROUND_HEADER = 'x-heirloom-background';
/** On every signed-in answer: seconds of inactivity left before the session ends. */
export const IDLE_REMAINING_HEADER = 'x-session-idle-seconds';

/** Codes the client itself produces (the server never sends these). */
export const CLIENT_ERROR_CODES = { network: 'NETWORK_ERROR', badResponse: 'BAD_RESPONSE' } as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Anything with zod's `parse` — a core schema, usually. Kept structural so zod stays out of this module. */
export interface Schema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  schema?: Schema<T>;
  signal?: AbortSignal;
  /** Background work of the open page (polling): the server does not count it as activity. */
  background?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let csrfToken: string | undefined;
let sessionEndedHandler: ((code: string) => void) | undefined;
let twoFactorSetupHandler: (() => void) | undefined;
let idleRemainingHandler: ((seconds: number) => void) | undefined;

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token || undefined;
}

/** Called on a 401 with code SESSION_EXPIRED or UNAUTHENTICATED from any call. */
export function onSessionEnded(handler: ((code: string) => void) | undefined): void {
  sessionEndedHandler = handler;
}

/** Called on a 403 TWO_FACTOR_SETUP_REQUIRED: the platform requires two-factor and this user has not set it up. */
export function onTwoFactorSetupRequired(handler: (() => void) | undefined): void {
  twoFactorSetupHandler = handler;
}

/** Called with the seconds of inactivity the server says are left, after every signed-in answer. */
export function onIdleRemaining(handler: ((seconds: number) => void) | undefined): void {
  idleRemainingHandler = handler;
}

function reportIdleRemaining(value: string | null): void {
  if (value === null || !/^\d+$/.test(value)) return;
  idleRemainingHandler?.(Number(value));
}

function isApiErrorBody(body: unknown): body is TApiError {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error: unknown = body.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** Turns a failed response's status and parsed body into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields);
  }
  const message =
    status >= 500
      ? 'Something went wrong on our side. Please try again in a moment.'
      : `The request failed (HTTP ${status}).`;
  return new ApiError(status, status >= 500 ? ERROR_CODES.internal : CLIENT_ERROR_CODES.badResponse, message);
}

function networkError(): ApiError {
  return new ApiError(
    0,
    CLIENT_ERROR_CODES.network,
    "We couldn't reach Heirloom. Check your connection and try again.",
  );
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function reportSessionEnd(error: ApiError): void {
  if (
    error.status === 401 &&
    (error.code === ERROR_CODES.sessionExpired || error.code === ERROR_CODES.unauthenticated)
  ) {
    sessionEndedHandler?.(error.code);
  }
  if (error.status === 403 && error.code === ERROR_CODES.twoFactorSetupRequired) twoFactorSetupHandler?.();
}

/** Fetches the session just for its csrf token (session.ts normally keeps the token fresh). */
async function refreshCsrfToken(): Promise<string> {
  const session = await send<{ csrfToken?: unknown }>('GET', SESSION_PATH, undefined, {});
  csrfToken = typeof session.csrfToken === 'string' ? session.csrfToken : undefined;
  return csrfToken ?? '';
}

async function send<T>(method: Method, path: string, body: unknown, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.background) headers[BACKGROUND_HEADER] = '1';
  if (method !== 'GET') headers[CSRF_HEADER] = csrfToken ?? (await refreshCsrfToken());
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError();
  }

  reportIdleRemaining(response.headers.get(IDLE_REMAINING_HEADER));
  const parsed = parseBody(await response.text(), response.headers.get('content-type'));
  if (!response.ok) {
    const error = toApiError(response.status, parsed);
    reportSessionEnd(error);
    throw error;
  }
  return options.schema ? options.schema.parse(parsed) : (parsed as T);
}

/** Sends once; when the server refuses the csrf token (it rotated), refreshes it and sends once more. */
async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> {
  try {
    return await send(method, path, body, options);
  } catch (error) {
    if (method === 'GET' || !(error instanceof ApiError) || error.code !== ERROR_CODES.csrf) throw error;
    await refreshCsrfToken();
    return send(method, path, body, options);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('DELETE', path, body, options),
};

/** GETs a file's bytes (a sealed file, opened in the browser); a failure is an ApiError as for `api`. */
export async function getBytes(path: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const error = toApiError(response.status, parseBody(await response.text(), response.headers.get('content-type')));
    reportSessionEnd(error);
    throw error;
  }
  return new Uint8Array(await response.arrayBuffer());
}

export interface UploadOptions<T> extends RequestOptions<T> {
  method?: 'POST' | 'PUT';
}

function sendUpload<T>(
  path: string,
  form: FormData,
  onProgress: ((fraction: number) => void) | undefined,
  options: UploadOptions<T>,
  token: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      reportIdleRemaining(xhr.getResponseHeader(IDLE_REMAINING_HEADER));
      const parsed = parseBody(xhr.responseText, xhr.getResponseHeader('content-type'));
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve(options.schema ? options.schema.parse(parsed) : (parsed as T));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
      const error = toApiError(xhr.status, parsed);
      reportSessionEnd(error);
      reject(error);
    });
    xhr.addEventListener('error', () => reject(networkError()));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads a multipart form with progress (0…1) — for file uploads with a progress bar.
 * Same csrf header and error format as `api`.
 */
export async function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  options: UploadOptions<T> = {},
): Promise<T> {
  const token = csrfToken ?? (await refreshCsrfToken());
  try {
    return await sendUpload(path, form, onProgress, options, token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== ERROR_CODES.csrf) throw error;
    onProgress?.(0);
    return sendUpload(path, form, onProgress, options, await refreshCsrfToken());
  }
}

/**
 * For a loader of one thing addressed by the URL: what the API answers when the thing is not
 * there for this user — someone else's, not existing, or a malformed id (404 or 400) — becomes
 * `{ notFound: true }`, so the screen shows "not found" inside the area; anything else is thrown.
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T | { notFound: true }> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { notFound: true };
    throw error;
  }
}
