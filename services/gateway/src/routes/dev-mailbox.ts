import { isIP } from 'node:net';
import { escapeHtml, htmlDocument, notFound, readMailbox, type StoredMail } from '@mediakit/kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

export interface DevMailboxOptions {
  /** The services' DATA_DIR, where the development mailbox keeps its mails; absent when SMTP is set. */
  dataDir?: string;
}

export const MAILBOX_TITLE = 'Development mailbox: emails are not sent';

/**
 * `GET /dev/mailbox`: while no SMTP server is configured, every email the platform "sends" (contact
 * confirmations, ticket replies, account emails) is written to the development mailbox instead;
 * this page shows them, newest first, under a title that says so. With SMTP_URL set it does not
 * exist (404). Mails can hold sign-in links, so the page answers only requests made on this machine
 * (loopback, not relayed by a proxy), even on an installation that forgot to configure SMTP.
 */
export const devMailboxRoutes: FastifyPluginAsync<DevMailboxOptions> = async (app, { dataDir }) => {
  app.get('/dev/mailbox', { config: { scope: 'public' } }, async (request, reply) => {
    if (!dataDir || !isLocalRequest(request)) throw notFound('The page /dev/mailbox');
    const mails = await readMailbox(dataDir);
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(mailboxPage(mails));
  });
};

/**
 * A request made on this machine: from a loopback address, and not relayed by a proxy. The socket's
 * address is used, not request.ip, which a client can choose through X-Forwarded-For when
 * TRUST_PROXY is on.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && isLoopback(request.socket.remoteAddress ?? '');
}

function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

/** Plain HTML, every value escaped: mail subjects and bodies carry what strangers typed into forms. */
export function mailboxPage(mails: StoredMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · from ${escapeHtml(mail.from)} · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></p>
<pre>${escapeHtml(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return htmlDocument({
    title: MAILBOX_TITLE,
    head: `<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
.notice { background: #fff4ce; border: 1px solid #e0c060; padding: .75rem 1rem; border-radius: 6px; }
article { border-top: 1px solid #ddd; padding: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0; }
.meta { color: #555; font-size: .9rem; margin: .25rem 0 .5rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: .75rem; border-radius: 6px; margin: 0; }
</style>`,
    body: `<h1>${MAILBOX_TITLE}</h1>
<p class="notice">No SMTP server is configured (<code>SMTP_URL</code>), so emails are written here and to the
service logs instead of being delivered. Set <code>SMTP_URL</code> to send them for real; this page then disappears.</p>
<p>${mails.length === 0 ? 'No emails yet.' : `${mails.length} email${mails.length === 1 ? '' : 's'}, newest first.`}</p>
${items}`,
  });
}
