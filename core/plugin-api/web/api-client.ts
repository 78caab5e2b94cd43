import { appPath } from './runtime-config';

export type FieldErrors = Record<string, string[]>;

/** A failed call, carrying the server's `error` text (the spec's wording) and per-field details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message for a form field, if the server named one. */
  fieldError(field: string): string | undefined {
    return this.details[field]?.[0];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const INVALID_CSRF = 'Invalid CSRF token';
let csrfToken: Promise<string> | null = null;

function fetchCsrfToken(): Promise<string> {
  csrfToken ??= fetch(appPath('/auth/csrf'), { credentials: 'same-origin' })
    .then((response) => response.json() as Promise<{ csrfToken: string }>)
    .then((body) => body.csrfToken)
    .catch((error: unknown) => {
      csrfToken = null;
      throw error;
    });
  return csrfToken;
}

/** Sign-in and sign-out change the session, and with it the CSRF token. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token ? Promise.resolve(token) : null;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

async function send(path: string, request: ApiRequest): Promise<Response> {
  const method = request.method ?? 'GET';
  const url = new URL(appPath(path), window.location.origin);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!SAFE_METHODS.has(method)) headers['X-CSRF-Token'] = await fetchCsrfToken();
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  return fetch(url, { method, headers, body, credentials: 'same-origin', signal: request.signal });
}

/**
 * Calls `{app}<path>` and returns the parsed JSON (undefined for 204). Any non-2xx answer throws an ApiError
 * with the server's message; a refused CSRF token is fetched anew and the call retried once.
 */
export async function api<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  let response = await send(path, request);
  if (response.status === 403 && !SAFE_METHODS.has(request.method ?? 'GET')) {
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { error?: string };
    if (body.error === INVALID_CSRF) {
      setCsrfToken(null);
      response = await send(path, request);
    }
  }
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as ({ error?: string; details?: FieldErrors } & T) | null;
  if (!response.ok) {
    throw new ApiError(response.status, payload?.error ?? `Request failed (${response.status})`, payload?.details ?? {});
  }
  return payload as T;
}

/** `/api/v1` calls, the paths of the spec. */
export const apiV1 = <T = unknown>(path: string, request?: ApiRequest) => api<T>(`/api/v1${path}`, request);
