import { AUTH_SCHEME, ERRORS } from '@parley/protocol';
import { ChatError } from './errors.ts';

export type FetchLike = typeof fetch;

export interface HttpOptions {
  /** Origin of the Parley server, e.g. `https://chat.example.com`; '' means same origin. */
  baseURL: string;
  fetch: FetchLike;
  /** The userSig sent as `Authorization: Bearer …`, read on every request so login and logout apply at once. */
  getToken: () => string;
  /** Seed 001 §9: requests time out after 10 s. */
  timeoutMs?: number;
}

export interface RequestOptions {
  body?: unknown;
  /** Overrides getToken(): login verifies a userSig before the SDK adopts it. */
  token?: string;
}

/**
 * The one place HTTP failures turn into ChatErrors: a JSON error body keeps the server's code, message and data;
 * anything else (no connection, a proxy's HTML page, a broken body) becomes a network error the caller may retry.
 */
export class HttpClient {
  readonly #options: HttpOptions;

  constructor(options: HttpOptions) {
    this.#options = { ...options, baseURL: options.baseURL.replace(/\/+$/, '') };
  }

  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  patch<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = options.token ?? this.#options.getToken();
    if (token) headers.authorization = `${AUTH_SCHEME} ${token}`;
    const init: RequestInit = { method, headers };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    const signal = timeoutSignal(this.#options.timeoutMs ?? 10_000);
    if (signal) init.signal = signal;

    let response: Response;
    try {
      response = await this.#options.fetch(`${this.#options.baseURL}${path}`, init);
    } catch (err) {
      throw transportError(err);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      // CMP28: the timeout covers the body too; a body cut off (timeout, reset) is a transport failure, not a bad body.
      throw transportError(err, { status: response.status });
    }
    const body = parseJson(text);
    if (!response.ok) throw httpError(response.status, body);
    if (body === undefined && response.status !== 204) {
      throw ChatError.from('NETWORK_ERROR', undefined, { status: response.status, reason: 'invalid JSON body' });
    }
    return (body ?? {}) as T;
  }
}

function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function'
    ? AbortSignal.timeout(ms)
    : undefined;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function transportError(err: unknown, data: Record<string, unknown> = {}): ChatError {
  const name = err instanceof Error ? err.name : '';
  const reason = err instanceof Error ? err.message : String(err);
  if (name === 'TimeoutError') return ChatError.from('NETWORK_TIMEOUT', undefined, { ...data, reason });
  return ChatError.from('NETWORK_ERROR', undefined, { ...data, reason });
}

function httpError(status: number, body: unknown): ChatError {
  if (isErrorBody(body)) {
    const data = isRecord(body.data) ? body.data : {};
    return new ChatError(body.code, typeof body.message === 'string' ? body.message : undefined, data);
  }
  return new ChatError(ERRORS.NETWORK_ERROR.code, `${ERRORS.NETWORK_ERROR.message} (HTTP ${status})`, { status });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorBody(value: unknown): value is { code: number; message?: unknown; data?: unknown } {
  return isRecord(value) && typeof value.code === 'number' && value.code !== 0;
}
