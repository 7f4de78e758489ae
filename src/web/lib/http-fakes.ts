/**
 * For the web's tests only: stand-ins for the browser's two ways out, `fetch` and `XMLHttpRequest`,
 * so a test drives api.ts (and every screen on it) from the network's side. Remove them with
 * `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

export type FetchCall = { url: string; init: RequestInit };

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's error format, `{ error: { code, message, fields? } }`. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return json(status, { error: { code, message, fields } });
}

/** Answers fetch calls from a list of handlers, one per call, and records them. */
export function mockFetch(...responses: ((call: FetchCall) => Response | Promise<Response>)[]): FetchCall[] {
  const calls: FetchCall[] = [];
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

export const fetchHeader = (call: FetchCall, name: string): string | undefined => (call.init.headers as Record<string, string>)[name];

/** One request made through the stand-in XMLHttpRequest; the test answers it with `progress`, `respond` or `fail`. */
export class FakeXhr extends EventTarget {
  readonly upload = new EventTarget();
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** The browser's upload progress event: `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }

  /** The server's answer, as JSON. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json' };
    this.dispatchEvent(new Event('load'));
  }

  /** The connection failed (no answer at all). */
  fail(): void {
    this.dispatchEvent(new Event('error'));
  }
}

/** Replaces XMLHttpRequest; the list fills with each request as the code opens it. */
export function stubXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super();
        requests.push(this);
      }
    },
  );
  return requests;
}
