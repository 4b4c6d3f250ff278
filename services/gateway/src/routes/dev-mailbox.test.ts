import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, openMailSender } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support.ts';
import { MAILBOX_TITLE } from './dev-mailbox.ts';

describe('GET /dev/mailbox', () => {
  let t: TestApp;
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mk-mailbox-'));
  });
  afterEach(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = async (subject: string, text: string) => {
    const mail = openMailSender(
      { MAIL_FROM: 'Mediakit <no-reply@x>', DATA_DIR: dataDir },
      createLogger('t', 'silent'),
    );
    await mail.send({ to: 'ada@example.com', subject, text });
  };

  test('shows the development mailbox, newest first, titled as such, every value escaped', async () => {
    t = await buildTestApp({ devMailboxDir: dataDir });
    await send('First <b>mail</b>', 'Hello');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send('Second', '<script>alert(1)</script>');
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<title>${MAILBOX_TITLE}</title>`);
    expect(MAILBOX_TITLE).toBe('Development mailbox: emails are not sent');
    expect(res.body.indexOf('Second')).toBeLessThan(res.body.indexOf('First'));
    expect(res.body).toContain('First &lt;b&gt;mail&lt;/b&gt;');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('2 emails, newest first.');
  });

  test('is 404 when an SMTP server is configured (no mailbox dir)', async () => {
    t = await buildTestApp({ devMailboxDir: undefined });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });

  test('is 404 to callers from the network: mails can hold sign-in links', async () => {
    t = await buildTestApp({ devMailboxDir: dataDir });
    for (const remoteAddress of ['10.1.2.3', '192.168.0.5', '::ffff:10.0.0.1', '2001:db8::1']) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });

  test('is 404 to requests relayed by a proxy, even from loopback and even when proxies are trusted', async () => {
    t = await buildTestApp({ devMailboxDir: dataDir, trustProxy: true });
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
    // A network client naming itself 127.0.0.1 gets nowhere either.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '10.0.0.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
  });
});
