import { createLogger, type MailMessage, type MailSender } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempStore } from '../../test/support.ts';
import type { Caller } from '../caller.ts';
import type { TicketDoc } from './ticket.ts';
import { TicketRepository } from './ticket-repository.ts';
import { MAX_MESSAGES, TicketService } from './ticket-service.ts';

const user = (sub: string, roles = ['user']): Caller => ({
  ownerId: `user:${sub}`,
  isGuest: false,
  sub,
  roles,
});
const ALICE = user('alice');
const BOB = user('bob');
const STAFF = user('staff', ['user', 'admin']);
const GUEST: Caller = { ownerId: 'guest:AAAAAAAAAAAAAAAAAAAAAA', isGuest: true, sub: '', roles: [] };

let ctx: Awaited<ReturnType<typeof tempStore>>;
let service: TicketService;
let repository: TicketRepository;
let sent: MailMessage[];
let mailFails: boolean;

beforeEach(async () => {
  ctx = await tempStore();
  repository = new TicketRepository(ctx.store.collection<TicketDoc>('tickets'));
  await repository.ensureIndexes();
  sent = [];
  mailFails = false;
  const mail: MailSender = {
    kind: 'dev-mailbox',
    async send(message) {
      if (mailFails) throw new Error('SMTP down');
      sent.push(message);
    },
  };
  const emails: Record<string, string> = { alice: 'alice@example.com', bob: 'bob@example.com' };
  service = new TicketService({
    tickets: repository,
    mail,
    users: { find: async (sub) => (emails[sub] ? { email: emails[sub], name: sub } : null) },
    log: createLogger('tickets-test', 'silent'),
  });
});
afterEach(() => ctx.close());

const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question.' };

describe('contact form', () => {
  it('opens a ticket with the sender’s address and confirms without echoing what they wrote', async () => {
    const ticket = await service.submitContact(GUEST, {
      ...contact,
      subject: 'Buy cheap pills at spam.example',
      message: 'Visit spam.example now',
    });
    expect(ticket).toMatchObject({
      source: 'contact',
      status: 'open',
      email: 'ada@example.com',
      name: 'Ada',
    });
    expect(ticket.ownerId).toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('ada@example.com');
    expect(sent[0].text).toContain(ticket._id);
    expect(`${sent[0].subject} ${sent[0].text}`).not.toMatch(/spam|Ada/);
  });

  it('lists every problem at once, one per field', async () => {
    const error = await service
      .submitContact(GUEST, { name: ' ', email: 'not-an-email', subject: 'x'.repeat(151), message: '' })
      .catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details.map((d: { field: string }) => d.field)).toEqual([
      'name',
      'email',
      'subject',
      'message',
    ]);
    expect(error.details[1].message).toBe(
      '"not-an-email" is not an email address: write it like name@example.com.',
    );
  });

  it('gives the ticket to a signed-in sender, and keeps it when the email cannot be sent', async () => {
    mailFails = true;
    const ticket = await service.submitContact(ALICE, { ...contact, subject: '' });
    expect(ticket.ownerId).toBe('user:alice');
    expect(ticket.subject).toBe('Message from the contact form');
    expect(await repository.findById(ticket._id)).not.toBeNull();
  });
});

describe('tickets', () => {
  it('belong to their owner: others get 404, guests 401, staff see all', async () => {
    const ticket = await service.create(ALICE, { subject: 'Upload fails', message: 'It stops at 99 %.' });
    expect(ticket.email).toBe('alice@example.com');
    expect((await service.get(ALICE, ticket._id))._id).toBe(ticket._id);
    expect((await service.get(STAFF, ticket._id))._id).toBe(ticket._id);
    await expect(service.get(BOB, ticket._id)).rejects.toMatchObject({ status: 404 });
    await expect(service.get(GUEST, ticket._id)).rejects.toMatchObject({ status: 401 });
    await expect(service.addMessage(BOB, ticket._id, 'hi')).rejects.toMatchObject({ status: 404 });
    await expect(service.setStatus(BOB, ticket._id, 'closed')).rejects.toMatchObject({ status: 404 });

    expect((await service.list(BOB, {})).items).toEqual([]);
    expect((await service.list(ALICE, {})).items.map((t) => t._id)).toEqual([ticket._id]);
    await expect(service.list(ALICE, { all: true })).rejects.toMatchObject({ status: 403 });
    await service.create(BOB, { subject: 'Other', message: 'x' });
    expect((await service.list(STAFF, { all: true })).items).toHaveLength(2);
  });

  it('threads messages from the user and staff; only staff replies are emailed', async () => {
    const ticket = await service.create(ALICE, { subject: 'Upload fails', message: 'First.' });
    await service.addMessage(ALICE, ticket._id, 'More detail.');
    expect(sent).toEqual([]);
    const { message } = await service.addMessage(STAFF, ticket._id, 'Fixed now.\nTry again.');
    expect(message.author).toBe('staff');
    const thread = await service.get(ALICE, ticket._id);
    expect(thread.messages.map((m) => [m.author, m.message])).toEqual([
      ['user', 'First.'],
      ['user', 'More detail.'],
      ['staff', 'Fixed now.\nTry again.'],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'alice@example.com', subject: 'Re: Upload fails' });
    expect(sent[0].text).toContain('> Fixed now.\n> Try again.');
  });

  it('emails a staff reply on a contact ticket to the address in the form', async () => {
    const ticket = await service.submitContact(GUEST, contact);
    await service.addMessage(STAFF, ticket._id, 'Thanks!');
    expect(sent.map((m) => m.to)).toEqual(['ada@example.com', 'ada@example.com']);
  });

  it('closes and reopens; a closed ticket takes no messages', async () => {
    const ticket = await service.create(ALICE, { subject: 'S', message: 'M' });
    expect((await service.setStatus(ALICE, ticket._id, 'closed')).status).toBe('closed');
    await expect(service.addMessage(ALICE, ticket._id, 'again')).rejects.toMatchObject({
      status: 409,
      message: 'This ticket is closed: reopen it to add a message.',
    });
    expect((await service.setStatus(STAFF, ticket._id, 'open')).status).toBe('open');
    await expect(service.setStatus(ALICE, ticket._id, 'pending')).rejects.toMatchObject({ status: 400 });
    expect((await service.list(ALICE, { status: 'closed' })).items).toEqual([]);
  });

  it('caps a thread', async () => {
    const ticket = await service.create(ALICE, { subject: 'S', message: 'M' });
    for (let i = 1; i < MAX_MESSAGES; i++) await service.addMessage(ALICE, ticket._id, `m${i}`);
    await expect(service.addMessage(ALICE, ticket._id, 'one too many')).rejects.toMatchObject({
      status: 409,
    });
    expect((await repository.findById(ticket._id))?.messages).toHaveLength(MAX_MESSAGES);
  }, 30_000);

  it('deletes a deleted account’s tickets, and only theirs', async () => {
    await service.create(ALICE, { subject: 'A', message: 'x' });
    await service.submitContact(ALICE, contact);
    const bobs = await service.create(BOB, { subject: 'B', message: 'x' });
    expect(await service.deleteOwner('alice')).toBe(2);
    expect(await service.deleteOwner('alice')).toBe(0);
    expect((await service.list(STAFF, { all: true })).items.map((t) => t._id)).toEqual([bobs._id]);
  });
});
