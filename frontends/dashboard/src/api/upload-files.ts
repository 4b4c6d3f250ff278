import { API_BASE } from '@mediakit/page-meta/api-base';
import { errorFromResponse } from '@mediakit/web-api/errors';
import type { ShellHost } from '@mediakit/web-ui/contract';
import type { MediaFile } from './types.ts';

/**
 * `POST /files` (multipart) with the session: answers the stored files. The shell's JSON client
 * cannot send a form, so this one call is made here with the shell's headers; a bearer the gateway
 * refuses (401) is renewed once through the shell's session and the form sent again.
 */
export async function uploadFiles(host: Pick<ShellHost, 'authHeaders'>, files: File[]): Promise<MediaFile[]> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const send = async (renew: boolean) =>
    fetch(`${API_BASE}/files`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(await host.authHeaders({ renew })) },
      body: form,
      credentials: 'same-origin',
    });
  let response = await send(false);
  if (response.status === 401) response = await send(true);
  if (!response.ok) throw await errorFromResponse(response);
  return ((await response.json()) as { files: MediaFile[] }).files;
}
