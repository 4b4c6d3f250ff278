import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserClient } from '../integration/client.ts';
import { signInInBrowser, signUp } from '../support/sign-in.ts';
import { Receiver } from '../support/webhook-receiver.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, screenshot } from './visitor.ts';

/**
 * The dashboard's Webhooks page in Chromium against the whole stack (docs/web-app.md): an endpoint
 * added with the form, its secret shown once and copied, a real job's delivery verified with that
 * secret and seen in the log, "Send again", a rotation, a job's own webhook on the Jobs page, and
 * deletion; screenshots at phone and desktop size. The jobs service may reach the local receiver.
 */
describe.skipIf(skipReason)('the Webhooks page', () => {
  const web = webStackWithVisitors({}, {}, {}, { OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32' });
  const receiver = new Receiver();
  let account: { email: string; api: UserClient };
  let png: Buffer;

  beforeAll(async () => {
    await receiver.start('127.0.0.1');
    const signedUp = await signUp(web.url, { name: 'Hook Owner' });
    const api = new UserClient(web.url);
    api.token = signedUp.token;
    account = { email: signedUp.email, api };
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c83' } })
      .png()
      .toBuffer();
  }, 200_000);

  afterAll(async () => {
    await receiver.stop();
  });

  async function runJob(extra: Record<string, unknown> = {}): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([png]), 'sign.png');
    const uploaded = await account.api.request('POST', '/files', { body: form });
    const file = ((await uploaded.json()) as { files: { id: string }[] }).files[0].id;
    const created = await account.api.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [file], ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    return created.body.id;
  }

  const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

  test('add an endpoint, copy its secret, see a delivery and send it again', {
    timeout: 240_000,
  }, async () => {
    const { page, context, errors } = await web.visitors.fresh('desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.url });
    await signInInBrowser(page, web.url, account.email);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Webhooks', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet.').waitFor();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Please enter the address of your receiver').waitFor();
    await page.getByLabel('URL').fill('http://10.1.2.3/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('That link points to a private or local network address').waitFor();
    await page.getByLabel('URL').fill(`${receiver.url}/hooks`);
    await page.getByLabel('Description (optional)').fill('Build server');
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const notice = page.locator('.new-secret');
    const field = notice.getByRole('textbox', { name: 'The signing secret' });
    const secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await notice.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'The secret was copied.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await notice.getByRole('button', { name: 'Done' }).click();
    await notice.waitFor({ state: 'detached' });

    // A real job's end, verified with the secret the page showed.
    const jobId = await runJob();
    const [delivery] = await receiver.waitFor('/hooks', 1);
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
      type: string;
      data: { id: string };
    };
    expect(payload).toMatchObject({ type: 'job.succeeded', data: { id: jobId } });

    const endpoint = page.getByRole('listitem', { name: `${receiver.url}/hooks` });
    await endpoint.getByText('Job succeeded, Job failed').waitFor();
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const log = endpoint.getByRole('list', { name: `Deliveries to ${receiver.url}/hooks` });
    await log.getByText('Delivered').waitFor({ timeout: 30_000 });
    await log.getByText('attempt 1: HTTP 204').waitFor();
    await log.getByRole('button', { name: 'Send again' }).click();
    await toast(page, 'Sending it again now.').waitFor();
    const [, again] = await receiver.waitFor('/hooks', 2);
    expect(again.headers['webhook-id']).toBe(delivery.headers['webhook-id']);
    await log.getByText('All 2 attempts').waitFor({ timeout: 30_000 });
    await expectNoHorizontalOverflow(page, '/dashboard/webhooks (desktop)');
    await screenshot(page, 'webhooks/desktop-deliveries');

    // Rotating asks first, then shows the new secret once.
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    const rotated = await field.inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await notice.getByRole('button', { name: 'Done' }).click();

    // The job secret, shown once.
    await page.getByRole('button', { name: 'Show the job secret' }).click();
    await expect(field.inputValue()).resolves.toMatch(/^whsec_/);
    await notice.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Show the job secret' }).click();
    await toast(page, /Lost it\? Rotate it/).waitFor();
    expect(errors).toEqual([]);
  });

  test("a job's own webhook shows on the Jobs page; the phone layout fits", {
    timeout: 240_000,
  }, async () => {
    const jobId = await runJob({ webhookUrl: `${receiver.url}/job` });
    await receiver.waitFor('/job', 1);
    const { page, errors } = await web.visitors.fresh('phone');
    await signInInBrowser(page, web.url, account.email);
    await page.goto(`${web.url}/dashboard/job-status`);
    const hook = page.locator('.job-webhook').first();
    await hook.locator('summary').click();
    // The job's own webhookUrl, and the account's endpoint that asked for job.succeeded.
    const log = hook.getByRole('list', { name: `Webhook deliveries of ${jobId}` });
    for (const path of ['/job', '/hooks'])
      await log
        .getByRole('listitem')
        .filter({ hasText: `to ${receiver.url}${path}` })
        .getByText('Delivered')
        .waitFor({ timeout: 30_000 });
    await expectNoHorizontalOverflow(page, '/dashboard/job-status (phone)');
    await screenshot(page, 'webhooks/phone-job');

    await page.goto(`${web.url}/dashboard/webhooks`);
    const endpoint = page.getByRole('listitem', { name: `${receiver.url}/hooks` });
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    await endpoint.getByText('Delivered').first().waitFor({ timeout: 30_000 });
    await expectNoHorizontalOverflow(page, '/dashboard/webhooks (phone)');
    await screenshot(page, 'webhooks/phone-endpoints');

    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No endpoints yet.').waitFor();
    expect(errors).toEqual([]);
  });
});
