import { open } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { ApiError } from '@mediakit/kit';
import { type OutboundClient, OutboundError } from '@mediakit/outbound';
import { parse as parseContentDisposition } from 'content-disposition';
import { SpoolLimitError, spoolToFile } from './http/spool.ts';
import { fileTooLarge } from './http/trusted-headers.ts';
import { sanitizeFileName } from './names.ts';

export interface UrlImport {
  client: OutboundClient;
  url: string;
  /** The name the caller asked for, if any. */
  name?: string | undefined;
  maxBytes: number;
  /** Where the bytes go; the caller deletes it in every case. */
  path: string;
  /** Aborts the transfer: the whole-import time limit, or the caller going away. */
  signal: AbortSignal;
}

/** Some file hosts refuse a request that names no client; `identity` keeps the bytes as stored. */
const REQUEST_HEADERS = { 'user-agent': 'Mediakit-Import/1', accept: '*/*', 'accept-encoding': 'identity' };

/** The whole import ran past IMPORT_TIMEOUT_SECONDS (the signal's reason). */
export class ImportTimeoutError extends Error {
  readonly seconds: number;
  constructor(seconds: number) {
    super(`the import ran past ${seconds} s`);
    this.seconds = seconds;
    this.name = 'ImportTimeoutError';
  }
}

/**
 * Fetches a link a user gave into `path` through the outbound client (public addresses only,
 * every redirect checked), counting bytes as they arrive exactly as an upload is spooled. Answers
 * the file's name before its extension is known: `name`, else the server's Content-Disposition,
 * else the last segment of the URL it came from, else "download".
 */
export async function fetchToFile(job: UrlImport): Promise<string> {
  let answer: Awaited<ReturnType<OutboundClient['request']>>;
  try {
    answer = await job.client.request(job.url, { signal: job.signal, headers: REQUEST_HEADERS });
  } catch (error) {
    throw importFailure(error, job.signal);
  }
  const { statusCode, headers, body } = answer;
  if (statusCode < 200 || statusCode > 299) {
    discard(body);
    throw failed(
      `The server answered ${statusCode} ${STATUS_CODES[statusCode] ?? ''}`.trimEnd() +
        ' instead of the file. Check that the link works in a browser.',
    );
  }
  const name = fileName(job.name, headers['content-disposition'], answer.url);
  // A server that says how much it sends is believed when that is too much: nothing is read.
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > job.maxBytes) {
    discard(body);
    throw fileTooLarge(name, job.maxBytes);
  }
  try {
    await spoolToFile(body, job.path, job.maxBytes, job.signal);
  } catch (error) {
    if (error instanceof SpoolLimitError) throw fileTooLarge(name, job.maxBytes);
    if (DISK_ERRORS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    if (job.signal.aborted) throw importFailure(job.signal.reason, job.signal);
    throw failed('The server stopped sending the file before it ended. Please try again.');
  }
  if (await looksLikeWebPage(job.path)) {
    throw failed(
      'That link leads to a web page, not a file. Open it in a browser and copy the link of the file itself (often "Download" or "Copy link address").',
    );
  }
  return name;
}

/** Stops reading an answer we will not use; undici reports that as an error nobody needs to hear. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => {});
  body.destroy();
}

/** Our own disk failing: a 500 for us, not the link's fault. */
const DISK_ERRORS = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EROFS', 'EMFILE', 'EIO']);

function fileName(given: string | undefined, disposition: unknown, url: URL): string {
  if (given?.trim()) return sanitizeFileName(given);
  if (typeof disposition === 'string') {
    try {
      const filename = parseContentDisposition(disposition).parameters.filename;
      if (filename?.trim()) return sanitizeFileName(filename);
    } catch {
      // A malformed header names nothing; the URL still may.
    }
  }
  const last = url.pathname.split('/').pop() ?? '';
  let segment = last;
  try {
    segment = decodeURIComponent(last);
  } catch {
    // A stray % keeps the segment as it was written.
  }
  return segment.trim() ? sanitizeFileName(segment) : 'download';
}

/** A page of HTML, whatever the server called it: a sign-in page, a viewer, an error page. */
async function looksLikeWebPage(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(1024), 0, 1024, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return /^(\s|<!--[\s\S]*?-->)*<(!doctype html|html|head|body|script|meta|title)\b/i.test(head);
  } finally {
    await file.close();
  }
}

const failed = (message: string) => new ApiError(422, 'import_failed', message);

/** What went wrong, as the API says it: an address rule is `import_refused`, the rest `import_failed`. */
export function importFailure(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof ApiError) return error;
  const reason = signal?.aborted ? signal.reason : error;
  if (reason instanceof ImportTimeoutError) {
    const minutes = Math.round(reason.seconds / 60);
    const limit =
      minutes >= 1
        ? `${minutes} minute${minutes === 1 ? '' : 's'}`
        : `${reason.seconds} second${reason.seconds === 1 ? '' : 's'}`;
    return failed(
      `The file took longer than ${limit} to arrive, so the import was stopped. Try again later, or download it and upload it here.`,
    );
  }
  if (error instanceof OutboundError) {
    if (error.reason === 'bad_url') return new ApiError(400, 'import_refused', error.message);
    if (error.reason === 'private_address') return new ApiError(422, 'import_refused', error.message);
    return failed(error.message);
  }
  return error;
}
