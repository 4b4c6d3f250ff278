import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeVideo } from '../integration/media.ts';
import { signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { adminSession, convertInPage, fitsWidth, type PageGlobals, userSub } from './dashboard/helpers.ts';
import { webStackWithBrowser } from './stack.ts';

const ADMIN_EMAIL = 'staff@example.com';

/**
 * The dashboard remote as a signed-in user uses it, in real Chromium against the whole stack:
 * a job seen finishing in job-status and downloaded, the upload deleted in uploaded-files, a support
 * ticket with a staff reply, a plan upgrade with billing details, and an editor publishing an
 * article that then shows on the public blog. The steps share one account and run in order.
 */
describe.skipIf(skipReason)('dashboard in Chromium', () => {
  const web = webStackWithBrowser({}, { ADMIN_EMAIL });
  let page: Page;
  let admin: Awaited<ReturnType<typeof adminSession>>;
  let upload: { fileId: string; jobId: string };

  beforeAll(async () => {
    page = await web.browser.context.newPage();
    admin = await adminSession(web.url, ADMIN_EMAIL);
  }, 240_000);

  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
  const toast = (text: string | RegExp) => page.locator('.Toastify').getByText(text);

  test('sign up, convert a file, watch the job finish in job-status and download the result', {
    timeout: 180_000,
  }, async () => {
    await signUpInBrowser(page, web.url, `dash-${Date.now()}@example.com`, 'Dana Dashboard');
    // A new account: empty states, not blank pages.
    await page.getByText('No jobs yet.').waitFor({ timeout: 30_000 });

    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2266cc' } })
      .png()
      .toBuffer();
    upload = await convertInPage(
      page,
      { name: 'holiday.png', type: 'image/png', bytes: png },
      { tool: 'png-to-jpg' },
    );

    await nav('Jobs').click();
    await page.getByRole('heading', { level: 1, name: 'Job status' }).waitFor();
    // Live: the page follows the job until it is done, without a reload.
    const job = page.getByRole('listitem', { name: /, succeeded$/ });
    await job.waitFor({ timeout: 90_000 });
    await job.getByText(/Files deleted in /).waitFor();
    const output = job.getByRole('listitem').first();
    const name = (await output.locator('.output-name').textContent()) ?? '';
    expect(name).toMatch(/\.jpg$/);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      job.getByRole('button', { name: `Download ${name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    // Streamed by the browser from a download link (no bearer on it), not fetched into a blob.
    expect(download.url()).toMatch(/\/api\/v1\/files\/[^/]+\/content\?link=[^&]+$/);
    const bytes = await readFile((await download.path()) as string);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 360 });

    // The filter: no failed jobs; the succeeded one is under "Succeeded".
    await page.getByLabel('Show').selectOption('failed');
    await page.getByText('No failed jobs.').waitFor();
    await page.getByLabel('Show').selectOption('succeeded');
    await job.waitFor();

    // The overview counts it (Stats was invalidated when the job changed state).
    await nav('Overview').click();
    await expect
      .poll(() => page.locator('a[href="/dashboard/job-status?status=succeeded"]').textContent(), {
        timeout: 15_000,
      })
      .toBe('1succeeded');
  });

  test('uploaded files: preview, filter, delete the upload with a confirmation', {
    timeout: 180_000,
  }, async () => {
    await nav('Uploaded files').click();
    await page.getByRole('heading', { level: 1, name: 'Uploaded files' }).waitFor();
    const card = page.getByRole('listitem', { name: 'holiday.png', exact: true });
    await card.waitFor({ timeout: 15_000 });
    // The thumbnail is the image itself, streamed by the browser from its inline download link
    // (no blob of fetched bytes).
    await expect
      .poll(() => card.locator('img').getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/api\/v1\/files\/[^/]+\/content\?link=[^&]+&inline=1$/);
    await expect
      .poll(() =>
        card.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(640);
    await card.getByText(/^Deleted in /).waitFor();
    // "Open in tool" offers the tools that take a PNG and hands the file over.
    await card.getByRole('button', { name: 'Open in tool' }).waitFor();

    await page.getByLabel('Show').selectOption('video');
    await page.getByText('No files of this type.').waitFor();
    await page.getByLabel('Show').selectOption('image');
    await card.waitFor();

    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete file' }).click();
    await toast('holiday.png was deleted.').waitFor();
    await card.waitFor({ state: 'detached', timeout: 15_000 });
    const status = await page.evaluate(async (id) => {
      const { document } = globalThis as unknown as PageGlobals;
      const token = document.cookie.match(/accessToken=([^;]+)/)?.[1];
      return (await fetch(`/api/v1/files/${id}`, { headers: { authorization: `Bearer ${token}` } })).status;
    }, upload.fileId);
    expect(status).toBe(404);
    // The output of the job is still there.
    await page.getByRole('listitem', { name: /\.jpg$/ }).waitFor();
  });

  // Real ffmpeg on a shared two-core machine: minutes, not seconds, when other work runs.
  test('a long job: progress, cancel, retry, delete; its video shows a first frame', {
    timeout: 300_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mk-dash-'));
    const path = join(dir, 'long-clip.webm');
    await makeVideo(path, { seconds: 90, size: '640x360' });
    await convertInPage(
      page,
      { name: 'long-clip.webm', type: 'video/webm', bytes: await readFile(path) },
      { tool: 'webm-to-mp4' },
    );
    await rm(dir, { recursive: true, force: true });

    await nav('Jobs').click();
    const active = page.getByRole('listitem', { name: /, (queued|running)$/ });
    await active.waitFor({ timeout: 30_000 });
    await active.getByRole('button', { name: 'Cancel' }).click();
    await toast('Job canceled.').waitFor({ timeout: 15_000 });
    const canceled = page.getByRole('listitem', { name: /, canceled$/ });
    await canceled.waitFor({ timeout: 15_000 });

    await canceled.getByRole('button', { name: 'Retry' }).click();
    await toast('Job queued again.').waitFor({ timeout: 15_000 });
    const again = page.getByRole('listitem', { name: /, (queued|running)$/ });
    await again.waitFor({ timeout: 15_000 });
    // Live progress without a reload: a running job shows a bar whose value moves.
    await again.locator('progress').waitFor({ timeout: 60_000 });

    await again.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this job?' });
    await dialog.getByRole('button', { name: 'Delete job' }).click();
    await toast('Job deleted.').waitFor({ timeout: 15_000 });
    await page.getByRole('listitem', { name: /, (queued|running|canceled)$/ }).waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: /, succeeded$/ }).waitFor();

    // The upload stays, with its first frame decoded from the bytes as a preview.
    await nav('Uploaded files').click();
    const card = page.getByRole('listitem', { name: 'long-clip.webm', exact: true });
    await card.waitFor({ timeout: 15_000 });
    await card.getByText('1:30').waitFor();
    // The first frame comes from the video's link with preload="metadata": Range reads, not the file.
    expect(await card.locator('video').getAttribute('src')).toMatch(/\/content\?link=[^&]+&inline=1#t=0\.1$/);
    await expect
      .poll(
        () => card.locator('video').evaluate((v) => (v as unknown as { videoWidth: number }).videoWidth),
        {
          timeout: 20_000,
        },
      )
      .toBe(640);
  });

  test('support: open a ticket, get a staff reply, answer, close and reopen', {
    timeout: 180_000,
  }, async () => {
    const subject = `Where is my file ${Date.now()}`;
    await nav('Support').click();
    await page.getByText('No tickets yet.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'New ticket' }).click();
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await page.getByText('Please write a subject.').waitFor();
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('My upload disappeared after an hour.');
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await page.getByRole('heading', { level: 1, name: subject }).waitFor({ timeout: 15_000 });

    const all = await admin.call('GET', '/tickets?all=true');
    const ticket = all.body.items.find((t: { subject: string }) => t.subject === subject);
    expect(ticket).toBeDefined();
    const reply = await admin.call('POST', `/tickets/${ticket.id}/messages`, {
      message: 'Files of free accounts are kept for a day; upgrade to keep them longer.',
    });
    expect(reply.status).toBe(201);

    await page.reload();
    await page.getByText('Files of free accounts are kept for a day').waitFor({ timeout: 15_000 });
    await page.getByText('(support)').waitFor();
    await page.getByLabel('Your reply').fill('Thanks, that explains it.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Thanks, that explains it.').waitFor();
    expect((await admin.call('GET', `/tickets/${ticket.id}`)).body.messages).toHaveLength(3);

    await page.getByRole('button', { name: 'Close ticket' }).click();
    await page.getByText('This ticket is closed.').waitFor();
    await page.getByRole('button', { name: 'Reopen ticket' }).click();
    await page.getByLabel('Your reply').waitFor();
    await page.getByRole('button', { name: '← All tickets' }).click();
    await page.getByRole('button', { name: subject }).waitFor();
  });

  test('plan: upgrade to Pro with billing details, then schedule a downgrade', {
    timeout: 180_000,
  }, async () => {
    await nav('Plan').click();
    await page.getByRole('heading', { level: 1, name: 'Your plan' }).waitFor();
    // Test payments are the operator's business: a regular user is shown no notice about them.
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    expect(await page.getByText(/No payment was taken|Test payments/).count()).toBe(0);
    await dialog.getByLabel('Name or company').fill('Dana Dashboard');
    await dialog.getByLabel('Address').fill('1 Main Street, Berlin');
    await dialog.getByLabel('Country').fill('XX');
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
    // The server's sentence, on the field.
    await dialog.locator('.field-error').first().waitFor({ timeout: 15_000 });
    // Its code finds the country too; the suggestion picked, the form sends DE.
    await dialog.getByLabel('Country').fill('de');
    await dialog.getByRole('option', { name: /^Germany/ }).click();
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await toast('You are on Pro now.').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { level: 2, name: /^Pro/ }).waitFor();

    const cookie = (await web.browser.context.cookies(web.url)).find((c) => c.name === 'userInfo');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}')).plan).toBe('pro');
    await nav('Overview').click();
    await expect
      .poll(() => page.locator('.stat').filter({ hasText: 'Manage plan' }).textContent())
      .toMatch(/^Pro/);

    await nav('Plan').click();
    // Saved as the code DE, shown by its name.
    expect(await page.getByLabel('Country').last().inputValue()).toBe('Germany');
    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    const down = page.getByRole('dialog', { name: 'Downgrade to Free' });
    await down.getByText(/You keep Pro until/).waitFor();
    await down.getByRole('button', { name: 'Downgrade to Free' }).click();
    await page.getByText(/Changes to Free on /).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Keep Pro' }).waitFor();
  });

  test('blog: "not allowed" until made an editor, then publish an article that shows on /blog', {
    timeout: 180_000,
  }, async () => {
    // No Blog tab for a non-editor; the address typed in, the server says no.
    expect(await nav('Blog').count()).toBe(0);
    await page.goto(`${web.url}/dashboard/blogs`);
    await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor({ timeout: 15_000 });

    const sub = await userSub(page, web.url);
    const roles = await admin.call('PUT', `/admin/users/${sub}/roles`, { roles: ['editor'] });
    expect(roles.status).toBe(200);

    // No new sign-in: the 403 makes the client renew its token, which now carries the role.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Blog articles' }).waitFor({ timeout: 20_000 });
    await nav('Blog').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'New article' }).click();
    const title = `Dashboard notes ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page
      .getByLabel('Text (Markdown)')
      .fill('Hello **readers**.\n\n<script>alert(1)</script>\n\n- one\n- two');
    await page.getByLabel(/^Keywords/).fill('dashboard, e2e');
    await page.getByLabel(/^Meta description/).fill('What the dashboard does.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toast('Saved.').waitFor({ timeout: 15_000 });
    await page.waitForURL((u) => u.pathname === '/dashboard/blog' && u.searchParams.has('slug'));

    // The preview is the server's sanitized HTML: bold rendered, the script shown as text.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.locator('strong', { hasText: 'readers' }).waitFor();
    await preview.getByText('<script>alert(1)</script>').waitFor();
    expect(await preview.locator('script').count()).toBe(0);

    // A draft is not on the public blog.
    const slug = new URL(page.url()).searchParams.get('slug');
    expect((await fetch(`${web.url}/api/v1/blog/${slug}`)).status).toBe(404);

    await page.getByRole('tab', { name: 'Write' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await toast('Published: the article is on the blog now.').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'View on the blog' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: '← Blog' }).click();
    await page.getByRole('link', { name: title }).waitFor({ timeout: 15_000 });
    const article = await (await fetch(`${web.url}/api/v1/blog/${slug}`)).json();
    expect(article).toMatchObject({ status: 'published', keywords: ['dashboard', 'e2e'] });
  });

  test('every dashboard page fits a 360 px wide screen', { timeout: 180_000 }, async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const pages: [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/dashboard/job-status', 'Job status'],
      ['/dashboard/uploaded-files', 'Uploaded files'],
      ['/dashboard/tools', 'Tools'],
      ['/dashboard/webhooks', 'Webhooks'],
      ['/dashboard/pricing', 'Your plan'],
      ['/dashboard/contact-us', 'Support tickets'],
      ['/dashboard/blogs', 'Blog articles'],
      ['/dashboard/blog', 'New article'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${web.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect(await fitsWidth(page), `${path} is wider than 360 px`).toBe(true);
    }
  });
});
