import { readMailbox, type StoredMail } from '@mediakit/kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from '../support/sign-in.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The blog, the contact form and support tickets through the public API on the real stack (issue 6,
 * docs/api.md "Content and support"): seeded articles, search and paging, editors against users and
 * guests, covers, the contact form's checks, limit and confirmation email, tickets' owner checks,
 * staff replies and their emails, and tickets going with a deleted account.
 */

const ADMIN_EMAIL = 'admin@example.com';
const CONTACT_PER_HOUR = 5;

let stack: TestStack;

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by the assertions
  body: any;
}

interface Caller {
  token?: string;
}

async function call(method: string, path: string, caller: Caller = {}, json?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, body };
}

const newUser = (name: string, email?: string) => signUp(stack.gatewayUrl, { name, email });
const login = async (email: string) => (await logIn(stack.gatewayUrl, email)).token;

/** Waits until `check` passes (emails and account deletion happen a moment after the answer). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const mailsTo = async (to: string): Promise<StoredMail[]> =>
  (await readMailbox(stack.dataDir)).filter((mail) => mail.to === to);

let admin: Awaited<ReturnType<typeof newUser>>;
let editor: Awaited<ReturnType<typeof newUser>>;
let alice: Awaited<ReturnType<typeof newUser>>;
let bob: Awaited<ReturnType<typeof newUser>>;
const guest: Caller = {};

beforeAll(async () => {
  stack = await startTestStack({
    serviceEnv: {
      gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000', CONTACT_RATE_LIMIT_PER_HOUR: String(CONTACT_PER_HOUR) },
      auth: { ADMIN_EMAIL },
    },
  });
  admin = await newUser('Admin', ADMIN_EMAIL);
  editor = await newUser('Edith');
  alice = await newUser('Alice');
  bob = await newUser('Bob');
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
});

describe('making an editor', () => {
  it('an admin gives the editor role; it is in the user’s next access token', async () => {
    expect((await call('GET', '/auth/me', admin)).body.roles).toContain('admin');
    const refused = await call('PUT', `/admin/users/${editor.sub}/roles`, alice, { roles: ['editor'] });
    expect(refused.status).toBe(403);
    const granted = await call('PUT', `/admin/users/${editor.sub}/roles`, admin, { roles: ['editor'] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.roles).toEqual(['user', 'editor']);
    editor.token = await login(editor.email);
    expect((await call('GET', '/auth/me', editor)).body.roles).toEqual(['user', 'editor']);
    // An admin cannot lock themself out.
    const self = await call('PUT', `/admin/users/${admin.sub}/roles`, admin, { roles: ['user'] });
    expect(self.status).toBe(409);
  });
});

describe('blog', () => {
  it('ships seeded articles: listed newest first with their metadata, paged without gaps', async () => {
    const first = await call('GET', '/blog', guest);
    expect(first.status).toBe(200);
    const slugs = first.body.items.map((a: { slug: string }) => a.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'compress-a-video-for-email',
        'pan-card-photo-and-signature-rules',
        'heic-vs-jpeg',
        'choosing-webp-or-avif',
        'trim-video-frame-accurately',
        'private-by-design-how-long-files-live',
      ]),
    );
    const dates = first.body.items.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const item of first.body.items) {
      expect(item).toMatchObject({ status: 'published', author: expect.any(String) });
      expect(item.meta_title.length).toBeGreaterThan(10);
      expect(item.meta_description.length).toBeGreaterThan(50);
      expect(item.keywords.length).toBeGreaterThan(2);
      expect(item.excerpt.length).toBeGreaterThan(20);
      expect(item).not.toHaveProperty('body');
    }

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Answer = await call('GET', `/blog?limit=4${cursor ? `&cursor=${cursor}` : ''}`, guest);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(4);
      paged.push(...page.body.items.map((a: { slug: string }) => a.slug));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(slugs);

    expect((await call('GET', '/blog?cursor=garbage', guest)).status).toBe(400);
  });

  it('an article has its Markdown body and sanitized HTML', async () => {
    const res = await call('GET', '/blog/pan-card-photo-and-signature-rules', guest);
    expect(res.status).toBe(200);
    expect(res.body.body).toContain('197 × 276');
    expect(res.body.html).toContain('<h2>');
    expect(res.body.html).toContain('<a href="/tool/pancard-photo-resizer">');
    expect(res.body.meta_title).toBe('PAN card photo size 197×276, 200 DPI, under 20 KB');
    expect((await call('GET', '/blog/no-such-article', guest)).status).toBe(404);
  });

  it('search finds articles by title and body, title hits first', async () => {
    const jpeg = await call('GET', '/blog?q=jpeg', guest);
    expect(jpeg.status).toBe(200);
    const slugs = jpeg.body.items.map((a: { slug: string }) => a.slug);
    expect(slugs[0]).toBe('heic-vs-jpeg');
    // Also found in the bodies of the PAN and WebP/AVIF articles, ranked after the title hit.
    expect(slugs).toEqual(
      expect.arrayContaining(['pan-card-photo-and-signature-rules', 'choosing-webp-or-avif']),
    );
    expect((await call('GET', '/blog?q=compressing%20emails', guest)).body.items[0].slug).toBe(
      'compress-a-video-for-email',
    );
    expect(
      (await call('GET', '/blog?q=keyframe', guest)).body.items.map((a: { slug: string }) => a.slug),
    ).toEqual(['trim-video-frame-accurately']);
    expect((await call('GET', '/blog?q=zyzzyva', guest)).body).toEqual({ items: [], nextCursor: null });
  });

  it('only editors write: users get 403, guests 401; drafts are 404 to them', async () => {
    const draft = {
      slug: 'release-notes-draft',
      title: 'Release notes',
      body: 'Coming **soon**: keyframes galore.',
    };
    expect((await call('POST', '/blog', alice, draft)).status).toBe(403);
    expect((await call('POST', '/blog', guest, draft)).status).toBe(401);

    const created = await call('POST', '/blog', editor, draft);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      slug: draft.slug,
      status: 'draft',
      publishedAt: null,
      html: expect.stringContaining('<strong>soon</strong>'),
    });

    for (const who of [guest, alice]) {
      expect((await call('GET', `/blog/${draft.slug}`, who)).status).toBe(404);
      const list = await call('GET', '/blog?limit=100', who);
      expect(list.body.items.map((a: { slug: string }) => a.slug)).not.toContain(draft.slug);
      expect(
        (await call('GET', '/blog?q=keyframes', who)).body.items.map((a: { slug: string }) => a.slug),
      ).not.toContain(draft.slug);
      expect((await call('PUT', `/blog/${draft.slug}`, who, { title: 'Mine now' })).status).toBe(
        who === guest ? 401 : 403,
      );
      expect((await call('DELETE', `/blog/${draft.slug}`, who)).status).toBe(who === guest ? 401 : 403);
    }
    expect((await call('GET', '/blog?status=draft', alice)).status).toBe(403);
    expect((await call('GET', `/blog/${draft.slug}`, editor)).status).toBe(200);
    const drafts = await call('GET', '/blog?status=draft', editor);
    expect(drafts.body.items.map((a: { slug: string }) => a.slug)).toEqual([draft.slug]);

    const published = await call('PUT', `/blog/${draft.slug}`, editor, { status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.publishedAt).toEqual(expect.any(String));
    expect((await call('GET', '/blog', guest)).body.items[0].slug).toBe(draft.slug);
    expect((await call('GET', `/blog/${draft.slug}`, guest)).body.title).toBe('Release notes');

    expect((await call('PUT', `/blog/${draft.slug}`, editor, { status: 'draft' })).status).toBe(200);
    expect((await call('GET', `/blog/${draft.slug}`, guest)).status).toBe(404);

    expect((await call('DELETE', `/blog/${draft.slug}`, editor)).status).toBe(204);
    expect((await call('GET', `/blog/${draft.slug}`, editor)).status).toBe(404);
  });

  it('checks slugs and fields, and keeps slugs unique (409)', async () => {
    const bad = await call('POST', '/blog', editor, {
      slug: 'Not A Slug',
      title: ' ',
      body: 'x',
      keywords: ['a'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(['title', 'slug']);
    const taken = await call('POST', '/blog', editor, { slug: 'heic-vs-jpeg', title: 'Again', body: 'x' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      'An article with the slug heic-vs-jpeg already exists: choose another slug.',
    );
  });

  it('serves sanitized HTML whatever the editor typed', async () => {
    const res = await call('POST', '/blog', editor, {
      title: 'Hostile body',
      body: '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) [out](https://example.com)',
      status: 'published',
    });
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe('hostile-body');
    const html: string = (await call('GET', '/blog/hostile-body', guest)).body.html;
    // Typed HTML shows as text; no element, attribute or link of it survives.
    expect(html).not.toMatch(/<script|<img|<[^>]*\sonerror=|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.com" rel="noopener nofollow">out</a>');
    expect((await call('DELETE', '/blog/hostile-body', editor)).status).toBe(204);
  });

  it('a cover uploaded by the editor is public while the article is published, and outlives the upload', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png]), 'cover.png');
    const uploaded = await fetch(`${stack.gatewayUrl}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const fileId = ((await uploaded.json()) as { files: Array<{ id: string }> }).files[0].id;

    // Someone else's file cannot become a cover: it is not theirs to publish.
    expect(
      (
        await call('POST', '/blog', editor, {
          title: 'Stolen cover',
          body: 'x',
          coverFileId: 'AAAAAAAAAAAAAAAAAAAAAA',
        })
      ).status,
    ).toBe(404);

    const created = await call('POST', '/blog', editor, {
      title: 'With a cover',
      body: 'Look.',
      coverFileId: fileId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const coverUrl: string = created.body.coverUrl;
    expect(coverUrl).toMatch(/^\/api\/v1\/blog\/with-a-cover\/cover\?v=/);
    const fetchCover = () => fetch(`${stack.gatewayUrl}${coverUrl}`);
    expect((await fetchCover()).status).toBe(404); // a draft's cover is not public

    expect((await call('PUT', '/blog/with-a-cover', editor, { status: 'published' })).status).toBe(200);
    const cover = await fetchCover();
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await cover.arrayBuffer()).equals(png)).toBe(true);

    // The editor's upload can go (or expire): the article has its own copy.
    expect((await call('DELETE', `/files/${fileId}`, editor)).status).toBe(204);
    expect((await fetchCover()).status).toBe(200);

    expect((await call('PUT', '/blog/with-a-cover', editor, { coverFileId: null })).body.coverUrl).toBeNull();
    expect((await fetchCover()).status).toBe(404);
    expect((await call('DELETE', '/blog/with-a-cover', editor)).status).toBe(204);
  });
});

describe('contact form', () => {
  it('checks every field, opens a ticket, confirms by email, and is rate limited', async () => {
    const bad = await call('POST', '/contact', guest, { name: '', email: 'nope', message: '   ' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'name', message: 'Please enter your name.' },
      { field: 'email', message: '"nope" is not an email address: write it like name@example.com.' },
      { field: 'message', message: 'Please enter a message.' },
    ]);

    const sender = `visitor.${Date.now()}@example.com`;
    const sent = await call('POST', '/contact', guest, {
      name: 'Visitor',
      email: sender,
      subject: 'Do you have an API?',
      message: 'I would like to automate conversions.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      id: expect.any(String),
      status: 'open',
      source: 'contact',
      email: sender,
    });

    const [confirmation] = await eventually(async () => {
      const mails = await mailsTo(sender);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(confirmation.subject).toBe('We received your message');
    expect(confirmation.text).toContain(sent.body.id);

    // The development mailbox page shows it (this test talks to the gateway from this machine).
    const page = await fetch(`${stack.gatewayUrl}/dev/mailbox`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Development mailbox: emails are not sent</title>');
    expect(html).toContain(sender);

    // A signed-in sender can follow the ticket like their own.
    const mine = await call('POST', '/contact', alice, {
      name: 'Alice',
      email: alice.email,
      message: 'Hello from Alice.',
    });
    expect(mine.status).toBe(201);
    expect((await call('GET', `/tickets/${mine.body.id}`, alice)).status).toBe(200);

    // Three requests so far from this address; the limit counts every try.
    const form = { name: 'Spammer', email: 'spam@example.com', message: 'Buy now' };
    for (let i = 3; i < CONTACT_PER_HOUR; i++)
      expect((await call('POST', '/contact', guest, form)).status).toBe(201);
    const limited = await call('POST', '/contact', guest, form);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(limited.body.message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
  });
});

describe('support tickets', () => {
  let ticketId: string;

  it('a signed-in user opens and lists tickets; guests get 401', async () => {
    expect((await call('POST', '/tickets', guest, { subject: 'x', message: 'y' })).status).toBe(401);
    expect((await call('GET', '/tickets', guest)).status).toBe(401);
    const bad = await call('POST', '/tickets', alice, { subject: '', message: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(['subject', 'message']);

    const created = await call('POST', '/tickets', alice, {
      subject: 'Compression stops at 99 %',
      message: 'My 2 GB video never finishes.',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      source: 'account',
      email: alice.email,
      messageCount: 1,
      messages: [{ author: 'user', message: 'My 2 GB video never finishes.' }],
    });
    ticketId = created.body.id;
    const list = await call('GET', '/tickets', alice);
    expect(list.body.items[0]).toMatchObject({ id: ticketId, subject: 'Compression stops at 99 %' });
    expect((await call('GET', '/tickets', bob)).body.items).toEqual([]);
  });

  it('is its owner’s: another user gets 404 for every route, a guest 401', async () => {
    expect((await call('GET', `/tickets/${ticketId}`, bob)).status).toBe(404);
    expect((await call('POST', `/tickets/${ticketId}/messages`, bob, { message: 'hi' })).status).toBe(404);
    expect((await call('PATCH', `/tickets/${ticketId}`, bob, { status: 'closed' })).status).toBe(404);
    expect((await call('GET', `/tickets/${ticketId}`, guest)).status).toBe(401);
    expect((await call('GET', '/tickets?all=true', alice)).status).toBe(403);
    expect((await call('GET', `/tickets/${ticketId}`, alice)).body.status).toBe('open');
  });

  it('staff see every ticket and reply; the owner sees the reply and gets an email', async () => {
    const all = await call('GET', '/tickets?all=true&limit=100', admin);
    expect(all.status).toBe(200);
    expect(all.body.items.map((t: { id: string }) => t.id)).toContain(ticketId);
    expect(all.body.items.some((t: { source: string }) => t.source === 'contact')).toBe(true);

    expect(
      (await call('POST', `/tickets/${ticketId}/messages`, alice, { message: 'It is an MKV file.' })).status,
    ).toBe(201);
    const reply = await call('POST', `/tickets/${ticketId}/messages`, admin, {
      message: 'Thanks! Fixed in today’s release; please try again.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ author: 'staff', authorName: 'Mediakit support' });

    const thread = await call('GET', `/tickets/${ticketId}`, alice);
    expect(thread.body.messages.map((m: { author: string }) => m.author)).toEqual(['user', 'user', 'staff']);
    const notice = await eventually(async () => {
      const mails = (await mailsTo(alice.email)).filter((m) => m.subject === 'Re: Compression stops at 99 %');
      expect(mails).toHaveLength(1);
      return mails[0];
    });
    expect(notice.text).toContain('> Thanks! Fixed in today’s release; please try again.');
  });

  it('the owner closes and reopens; a closed ticket takes no messages', async () => {
    const closed = await call('PATCH', `/tickets/${ticketId}`, alice, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    const refused = await call('POST', `/tickets/${ticketId}/messages`, alice, { message: 'One more thing' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This ticket is closed: reopen it to add a message.');
    expect(
      (await call('GET', '/tickets?status=open', alice)).body.items.map((t: { id: string }) => t.id),
    ).not.toContain(ticketId);
    expect((await call('PATCH', `/tickets/${ticketId}`, admin, { status: 'open' })).body.status).toBe('open');
  });

  it('deleting the account removes the user’s tickets, and only theirs', async () => {
    const bobs = await call('POST', '/tickets', bob, { subject: 'Bob’s', message: 'Stays.' });
    expect(bobs.status).toBe(201);
    const before = (await call('GET', '/tickets?limit=100', alice)).body.items.map(
      (t: { id: string }) => t.id,
    );
    expect(before.length).toBeGreaterThanOrEqual(2); // the ticket above and the contact message sent signed in

    expect((await call('DELETE', '/account', alice)).status).toBe(204);
    await eventually(async () => {
      for (const id of before) expect((await call('GET', `/tickets/${id}`, admin)).status).toBe(404);
    }, 20_000);
    expect((await call('GET', `/tickets/${bobs.body.id}`, bob)).status).toBe(200);
  });
});
