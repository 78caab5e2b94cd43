import { appPath } from './runtime-config';

export type FieldErrors = Record<string, string[]>;

/** The JSON of a refused call: `error`, maybe `details`, and any fields of the route's own (e.g. an import's `rowErrors`). */
export type ApiErrorBody = { error?: string; details?: FieldErrors; stepUpRequired?: boolean } & Record<string, unknown>;

/** A failed call, carrying the server's `error` text (the spec's wording) and per-field details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: FieldErrors = {},
    readonly body: ApiErrorBody = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message for a form field, if the server named one. */
  fieldError(field: string): string | undefined {
    return this.details[field]?.[0];
  }

  /** The call needed "Verify Your Identity" and the user cancelled it: nothing to report beyond that. */
  get stepUpDeclined(): boolean {
    return this.status === 401 && this.body.stepUpRequired === true;
  }
}

/**
 * The `error` the server's answer carried, or '' when it carried none: a network failure, or an answer without that
 * body, such as a proxy's 502 (whose ApiError message is only the client's 'Request failed (502)').
 */
export function serverReasonOf(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const reason: unknown = error.body.error;
  return typeof reason === 'string' ? reason.trim() : '';
}

/** What "Verify Your Identity" says when a call needs the account password typed again. */
export interface StepUpPrompt {
  /** What the password is for, e.g. "Enter your account password to save the GST Portal credentials." */
  reason?: string;
  /** The confirm button's text when the screen has its own (spec 2.10: "Confirm & Save"); "Verify" otherwise. */
  confirmLabel?: string;
}

/** Asks for the account password and verifies it (`POST me/step-up`); true once verified, false when cancelled. */
export type StepUpHandler = (prompt: StepUpPrompt) => Promise<boolean>;

let stepUpHandler: StepUpHandler | null = null;
let pendingStepUp: Promise<boolean> | null = null;

/** The shell installs its dialog here; without one, a call that needs a step-up fails with the server's 401. */
export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/** Calls that need a step-up at the same time share one dialog. */
function verifyIdentity(prompt: StepUpPrompt): Promise<boolean> {
  if (!stepUpHandler) return Promise.resolve(false);
  pendingStepUp ??= stepUpHandler(prompt).finally(() => {
    pendingStepUp = null;
  });
  return pendingStepUp;
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
  /** What the identity dialog says if the route asks for a step-up (401 `stepUpRequired`). */
  stepUp?: StepUpPrompt;
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

const errorBodyOf = (response: Response): Promise<ApiErrorBody> =>
  response
    .clone()
    .json()
    .then((body: unknown) => (body && typeof body === 'object' ? (body as ApiErrorBody) : {}))
    .catch(() => ({}));

/** A refused CSRF token is fetched anew and the call sent once more. */
async function sendWithCsrfRetry(path: string, request: ApiRequest): Promise<Response> {
  const response = await send(path, request);
  if (response.status !== 403 || SAFE_METHODS.has(request.method ?? 'GET') || (await errorBodyOf(response)).error !== INVALID_CSRF) return response;
  setCsrfToken(null);
  return send(path, request);
}

/**
 * Calls `{app}<path>` and returns the parsed JSON (undefined for 204). Any non-2xx answer throws an ApiError
 * with the server's message. A refused CSRF token is fetched anew and the call retried once; so is a call that asks
 * for a step-up, once the user has verified their identity in the shell's dialog.
 */
export async function api<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  let response = await sendWithCsrfRetry(path, request);
  if (response.status === 401 && (await errorBodyOf(response)).stepUpRequired === true && (await verifyIdentity(request.stepUp ?? {}))) {
    response = await sendWithCsrfRetry(path, request);
  }
  if (response.status === 204) return undefined as T;
  if (!response.ok) {
    const body = await errorBodyOf(response);
    throw new ApiError(response.status, body.error ?? `Request failed (${response.status})`, body.details ?? {}, body);
  }
  return (await response.json().catch(() => null)) as T;
}

/** `/api/v1` calls, the paths of the spec. */
export const apiV1 = <T = unknown>(path: string, request?: ApiRequest) => api<T>(`/api/v1${path}`, request);
