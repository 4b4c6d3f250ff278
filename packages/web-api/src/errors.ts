/** User-facing error texts (docs/api.md, "Web app rules"). */
export const ERROR_TEXT = {
  network: 'A network error has occurred.',
  fallback: 'An error occurred',
  authFailedTitle: 'Authentication failed',
  authFailedBody: 'Please log in again',
} as const;

/** A failed API call, carrying what the error dialog and forms need. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly log?: string;
  readonly details?: unknown[];
  /** True when no HTTP answer arrived at all (offline, DNS, connection reset). */
  readonly network: boolean;
  /** True when the session could not be refreshed: the user is already on the way to sign in. */
  readonly authFailed: boolean;

  constructor(
    message: string,
    init: {
      status?: number;
      code?: string;
      log?: string;
      details?: unknown[];
      network?: boolean;
      authFailed?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = init.status ?? 0;
    this.code = init.code;
    this.log = init.log;
    this.details = init.details;
    this.network = init.network ?? false;
    this.authFailed = init.authFailed ?? false;
  }
}

/**
 * True for an ApiRequestError from any bundle. Remotes bundle their own copy of this module, so
 * `instanceof` fails for an error the shell's client threw; the name and fields do not.
 */
export function isApiRequestError(error: unknown): error is ApiRequestError {
  return (
    error instanceof Error &&
    error.name === 'ApiRequestError' &&
    typeof (error as ApiRequestError).status === 'number'
  );
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The order: `message`, else `error_msg`, else "An error occurred"; with `error_log`. */
export function errorText(body: unknown): { message: string; log?: string } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = nonEmpty(b.message) ? b.message : nonEmpty(b.error_msg) ? b.error_msg : ERROR_TEXT.fallback;
  return nonEmpty(b.error_log) ? { message, log: b.error_log } : { message };
}

/** An ApiRequestError from a non-2xx response, reading the API's error body when there is one. */
export async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const { message, log } = errorText(body);
  const b = (body ?? {}) as { code?: unknown; details?: unknown };
  return new ApiRequestError(message, {
    status: response.status,
    code: typeof b.code === 'string' ? b.code : undefined,
    details: Array.isArray(b.details) ? b.details : undefined,
    log,
  });
}

/** Text and log for any thrown value, for the error dialog. */
export function describeError(error: unknown): { message: string; log?: string } {
  if (isApiRequestError(error)) return { message: error.message, log: error.log };
  if (error instanceof Error && nonEmpty(error.message)) return { message: error.message };
  return { message: ERROR_TEXT.fallback };
}
