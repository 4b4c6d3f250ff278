import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openMailSender, readMailbox } from './mail-sender.ts';

describe('development mailbox', () => {
  let dir: string;
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('keeps every message, newest first, and sends nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-mail-'));
    const sender = openMailSender(
      { MAIL_FROM: 'Mediakit <a@b.c>', DATA_DIR: dir },
      pino({ level: 'silent' }),
    );
    expect(sender.kind).toBe('dev-mailbox');
    await sender.send({ to: 'one@example.com', subject: 'first', text: 'hello' });
    await new Promise((r) => setTimeout(r, 5));
    await sender.send({ to: 'two@example.com', subject: 'second', text: 'again' });
    const mails = await readMailbox(dir);
    expect(mails.map((m) => [m.to, m.subject, m.from])).toEqual([
      ['two@example.com', 'second', 'Mediakit <a@b.c>'],
      ['one@example.com', 'first', 'Mediakit <a@b.c>'],
    ]);
  });

  it('an empty mailbox is an empty list', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-mail-'));
    expect(await readMailbox(dir)).toEqual([]);
  });
});
