/** One failing field, as the API's error body lists them. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Every failure the client raises: an answer of the API (its `code` and its `message`, a sentence a
 * person can act on), or the API not answering at all (`code` "unreachable", `status` 0).
 */
export class MediakitError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: FieldIssue[];
  constructor(
    message: string,
    options: { code: string; status: number; details?: FieldIssue[]; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'MediakitError';
    this.code = options.code;
    this.status = options.status;
    this.details = options.details ?? [];
  }
}

/** The error an API answer carries: its body's `code` and `message` when it has them. */
export function errorFromAnswer(status: number, body: unknown): MediakitError {
  const parsed = typeof body === 'string' ? parseJson(body) : body;
  const { code, message, details } = (parsed ?? {}) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
  };
  if (typeof message === 'string' && typeof code === 'string') {
    return new MediakitError(message, {
      code,
      status,
      details: Array.isArray(details) ? (details as FieldIssue[]) : [],
    });
  }
  return new MediakitError(`Mediakit answered with HTTP status ${status}.`, { code: 'http_error', status });
}

/** Nothing answered at `url` (refused, reset, name not found). */
export function unreachable(url: string, cause: unknown): MediakitError {
  return new MediakitError(`Mediakit does not answer at ${url}: is it running, and is the address right?`, {
    code: 'unreachable',
    status: 0,
    cause,
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
