import { Readable } from 'node:stream';
import { codeForStatus } from '@mediakit/kit';
import { Metadata, type Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { sanitizeFileName } from '../names.ts';
import { untilAborted, watchForStall } from './stall-watch.ts';
import {
  fileTooLarge,
  MAX_BYTES_HEADER,
  maxBytesFrom,
  OWNER_HEADER,
  ownerFrom,
  UploadHeaders,
  type UploadLimits,
} from './trusted-headers.ts';
import { TUS_PATH } from './tus-uploads.ts';

type TusRequest = FastifyRequest<{ Headers: Static<typeof UploadHeaders> }>;

/**
 * Mounts the tus server at `/api/v1/uploads` (POST creates) and `/api/v1/uploads/:id` (HEAD,
 * PATCH, DELETE). Requests go to tus as web Requests over the raw body stream and its answers
 * come back through Fastify, so error bodies get the API's shape and `inject()` works in tests.
 */
export async function tusRoutes(
  app: FastifyInstance,
  options: { tus: TusServer; limits: UploadLimits; idleTimeoutMs: number },
): Promise<void> {
  const { tus, limits, idleTimeoutMs } = options;

  // tus reads the body itself: no parser may touch it, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = async (request: TusRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS') {
      ownerFrom(request.headers[OWNER_HEADER]);
      if (request.method === 'POST') checkDeclaredLength(request, limits);
    }
    const stall = watchForStall(request.raw, idleTimeoutMs);
    try {
      const response = await tus.handleWeb(toWebRequest(request, stall.signal));
      // A stalled PATCH ends like a short one: tus keeps what arrived and answers its offset, so
      // the client resumes from there. The rest of its body is never read: close the connection.
      if (stall.signal.aborted) void reply.header('connection', 'close');
      return sendWebResponse(reply, response);
    } finally {
      stall.stop();
    }
  };
  const schema = { headers: UploadHeaders };
  app.route({ method: ['POST', 'OPTIONS'], url: TUS_PATH, schema, handler });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: `${TUS_PATH}/:id`, schema, handler });
}

/** A declared length over the plan's limit is refused at once, naming the file (tus would only say "too large"). */
function checkDeclaredLength(request: TusRequest, limits: UploadLimits): void {
  const declared = Number(request.headers['upload-length']);
  const maxBytes = maxBytesFrom(request.headers[MAX_BYTES_HEADER], limits);
  if (!Number.isFinite(declared) || declared <= maxBytes) return;
  let metadata: Record<string, string | null> = {};
  try {
    metadata = Metadata.parse(String(request.headers['upload-metadata'] ?? ''));
  } catch {} // tus itself answers malformed metadata
  throw fileTooLarge(sanitizeFileName(metadata.filename ?? metadata.name), maxBytes);
}

function toWebRequest(request: FastifyRequest, stalled: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  // The host is never used: Locations are relative, and tus reads only the path of the URL.
  const url = new URL(request.url, 'http://files.internal');
  return new Request(`${url.origin}${url.pathname}`, {
    method: request.method,
    headers,
    body: hasBody ? bodyUntilStalled(request.raw, stalled) : null,
    duplex: 'half',
  });
}

/**
 * The request body as a web stream that ends (rather than errs) when the upload stalls, so tus
 * stores the bytes that did arrive. Never cancels the request itself: that would destroy the
 * socket and leave no way to answer.
 */
function bodyUntilStalled(raw: FastifyRequest['raw'], stalled: AbortSignal): ReadableStream<Uint8Array> {
  const reader = (Readable.toWeb(raw) as ReadableStream<Uint8Array>).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await untilAborted(reader.read(), stalled).catch(() => undefined);
      if (!chunk || chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  // tus answers are small (empty, or an error message), so reading them whole is fine.
  const text = await response.text();
  void reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'content-length') void reply.header(name, value);
  }
  if (response.status < 400) return reply.send(text || undefined);
  return reply.type('application/json; charset=utf-8').send(asErrorBody(text, response.status));
}

/** tus answers a few errors (412, 400 on bad headers) before any hook can shape them. */
function asErrorBody(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body?.code === 'string' && typeof body.message === 'string') return text;
  } catch {}
  const message = text.trim() ? `${text.trim()}.` : 'The upload request is not valid.';
  return JSON.stringify({ code: codeForStatus(status), message });
}
