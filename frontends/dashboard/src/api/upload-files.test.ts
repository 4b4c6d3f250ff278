import { afterEach, describe, expect, test, vi } from 'vitest';
import { uploadFiles } from './upload-files.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('multipart upload (POST /files)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function server(answers: Response[]) {
    const sent: { url: string; authorization?: string; names: string[] }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const form = init.body as FormData;
      sent.push({
        url,
        authorization: (init.headers as Record<string, string>).authorization,
        names: form.getAll('file').map((f) => (f as File).name),
      });
      return answers.shift() ?? json(500, { message: 'no more answers' });
    });
    return sent;
  }

  /** The shell's authHeaders: counts renewals; the token changes with each. */
  function host() {
    const asked: { renew?: boolean }[] = [];
    let token = 0;
    return {
      asked,
      authHeaders: async (options: { renew?: boolean } = {}) => {
        asked.push(options);
        if (options.renew) token++;
        return { authorization: `Bearer t${token}` };
      },
    };
  }

  const cover = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });

  test('sends the files with the session bearer and answers the stored files', async () => {
    const sent = server([json(201, { files: [{ id: 'f1', name: 'cover.png' }] })]);
    const h = host();
    await expect(uploadFiles(h, [cover])).resolves.toEqual([{ id: 'f1', name: 'cover.png' }]);
    expect(sent).toEqual([{ url: '/api/v1/files', authorization: 'Bearer t0', names: ['cover.png'] }]);
  });

  test('a refused bearer is renewed once and the form sent again; the next refusal is the error', async () => {
    const sent = server([json(401, { message: 'Expired.' }), json(201, { files: [{ id: 'f2' }] })]);
    const h = host();
    await expect(uploadFiles(h, [cover])).resolves.toEqual([{ id: 'f2' }]);
    expect(h.asked).toEqual([{ renew: false }, { renew: true }]);
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer t0', 'Bearer t1']);

    server([json(401, { message: 'Expired.' }), json(401, { message: 'Still not you.' })]);
    await expect(uploadFiles(host(), [cover])).rejects.toMatchObject({
      status: 401,
      message: 'Still not you.',
    });
  });

  test('a refusal other than 401 is not retried', async () => {
    const sent = server([json(413, { message: 'The file is too large for your plan.' })]);
    await expect(uploadFiles(host(), [cover])).rejects.toMatchObject({
      status: 413,
      message: 'The file is too large for your plan.',
    });
    expect(sent).toHaveLength(1);
  });
});
