import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GatewayApp } from './app.ts';
import { DEVELOPER_GUIDE } from './openapi.ts';
import { buildDocumentedGateway } from './openapi-document.ts';

/**
 * Every API path the guide names: written out (`/api/v1/jobs/$JOB_ID/events`) or after the
 * JavaScript examples' `${base}` (which is `<MEDIAKIT_URL>/api/v1`), without the query string.
 */
function guidePaths(guide: string): string[] {
  const written = [...guide.matchAll(/\/api\/v1(\/[^\s?"'`)]*)/g)].map((m) => m[1]);
  const fromBase = [...guide.matchAll(/\$\{base\}(\/[^\s?"'`)]*)/g)].map((m) => m[1]);
  return [...new Set([...written, ...fromBase].map((path) => `/api/v1${path.replace(/[.,:]+$/, '')}`))];
}

/**
 * A document path as a pattern: a `{param}` segment matches a variable of the guide's (`$JOB_ID`,
 * `${job.id}`), never a word, so `/files/import` is not taken for `/files/{id}`.
 */
const pattern = (documented: string) =>
  new RegExp(`^${documented.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '(?:\\$[^/]+|\\{\\w+\\})')}$`);

describe('the developer guide', () => {
  let app: GatewayApp;
  let document: { info: { description: string }; paths: Record<string, unknown> };
  beforeAll(async () => {
    app = await buildDocumentedGateway();
    await app.ready();
    document = app.swagger() as unknown as typeof document;
  });
  afterAll(() => app.close());

  test('is the document’s description, so the reference shows it first', () => {
    expect(document.info.description).toBe(DEVELOPER_GUIDE);
  });

  test('names only paths the API has: it cannot drift from the routes', () => {
    const patterns = Object.keys(document.paths).map(pattern);
    const paths = guidePaths(DEVELOPER_GUIDE);
    // The flows it must cover: upload (one request and tus), run, follow, download, import, webhooks.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/files',
        '/api/v1/uploads',
        '/api/v1/jobs',
        '/api/v1/jobs/$JOB_ID/events',
        '/api/v1/files/import',
        '/api/v1/webhooks',
      ]),
    );
    const unknown = paths.filter((path) => !patterns.some((p) => p.test(path)));
    expect(unknown, 'paths in openapi-guide.md that the API does not have').toEqual([]);
  });
});

/** The guide's JavaScript block that contains `marker`, without its import lines (given as arguments). */
function example(marker: string): string {
  const block = [...DEVELOPER_GUIDE.matchAll(/^```js\n([\s\S]*?)^```$/gm)]
    .map((m) => m[1])
    .find((code) => code.includes(marker));
  if (!block) throw new Error(`no JavaScript example with ${marker} in the guide`);
  return block.replace(/^import .*$/gm, '');
}

type Headers = Record<string, string>;

describe('the guide’s webhook verification', () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const body = JSON.stringify({
    type: 'job.succeeded',
    timestamp: new Date().toISOString(),
    data: { id: 'j' },
  });
  /** A delivery as the Standard Webhooks reference library signs it, `secondsAgo` old. */
  const delivery = (secondsAgo = 0): Headers => {
    const at = new Date(Date.now() - secondsAgo * 1000);
    return {
      'webhook-id': 'msg_guide',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_guide', at, body),
    };
  };

  test('by hand (node:crypto): accepts a signed delivery, refuses a changed body, another secret, a stale one', () => {
    // The example as a reader pastes it; its imports are handed in.
    const verifyWebhook = new Function(
      'createHmac',
      'timingSafeEqual',
      `${example('function verifyWebhook')}
return verifyWebhook;`,
    )(createHmac, timingSafeEqual) as (secret: string, headers: Headers, raw: string) => unknown;

    expect(verifyWebhook(secret, delivery(), body)).toEqual(JSON.parse(body));
    expect(() => verifyWebhook(secret, delivery(), body.replace('succeeded', 'failed'))).toThrow('signature');
    expect(() => verifyWebhook(`whsec_${randomBytes(24).toString('base64')}`, delivery(), body)).toThrow();
    expect(() => verifyWebhook(secret, delivery(6 * 60), body)).toThrow('stale');
    // A rotation sends two signatures; either one may match.
    const both = delivery();
    both['webhook-signature'] = `v1,${randomBytes(32).toString('base64')} ${both['webhook-signature']}`;
    expect(verifyWebhook(secret, both, body)).toEqual(JSON.parse(body));
  });

  test('with the standardwebhooks package: the same delivery passes, a stale one does not', () => {
    const check = (headers: Headers) =>
      new Function(
        'Webhook',
        'process',
        'rawBody',
        'headers',
        `${example("from 'standardwebhooks'")}
return event;`,
      )(Webhook, { env: { MEDIAKIT_WEBHOOK_SECRET: secret } }, body, headers);
    expect(check(delivery())).toEqual(JSON.parse(body));
    expect(() => check(delivery(6 * 60))).toThrow();
  });
});
