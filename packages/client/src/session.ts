import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const GUEST_COOKIE = /(?:^|[\s,;])mk_guest=([^;,\s]+)/;

export interface SessionOptions {
  /** The API origin, e.g. http://localhost:8080. */
  url: string;
  /** An API key: sent as `Authorization: Bearer <key>`. Without one the client is a guest. */
  apiKey?: string | undefined;
  /**
   * A file that keeps the guest cookie between runs, so that a second run owns what the first one
   * made (an interrupted upload, a job). Without it the guest lasts as long as the process.
   */
  guestFile?: string | undefined;
}

/**
 * Who the client is to the API: the key when there is one, else the guest cookie `mk_guest` that
 * the API sets on a guest's first write (`POST /auth/guest` asks for it up front).
 */
export class Session {
  readonly url: string;
  readonly apiKey: string | undefined;
  private readonly guestFile: string | undefined;
  private guest: string | undefined;
  private loaded = false;

  constructor({ url, apiKey, guestFile }: SessionOptions) {
    this.url = url;
    this.apiKey = apiKey || undefined;
    this.guestFile = guestFile;
  }

  /** The headers that say who the caller is. */
  headers(): Record<string, string> {
    if (this.apiKey) return { authorization: `Bearer ${this.apiKey}` };
    return this.guest ? { cookie: `mk_guest=${this.guest}` } : {};
  }

  /** Keeps the guest cookie an answer sets. */
  async remember(response: Response): Promise<void> {
    if (this.apiKey) return;
    const value = response.headers.getSetCookie().join(', ').match(GUEST_COOKIE)?.[1];
    if (!value || value === this.guest) return;
    this.guest = value;
    if (!this.guestFile) return;
    const saved = await this.readSaved();
    saved[this.url] = value;
    await mkdir(dirname(this.guestFile), { recursive: true });
    await writeFile(this.guestFile, JSON.stringify(saved), { mode: 0o600 });
  }

  /** Loads the saved guest cookie for this URL, once. */
  async load(): Promise<void> {
    if (this.loaded || this.apiKey) return;
    this.loaded = true;
    this.guest ??= (await this.readSaved())[this.url];
  }

  private async readSaved(): Promise<Record<string, string>> {
    if (!this.guestFile) return {};
    try {
      return JSON.parse(await readFile(this.guestFile, 'utf8'));
    } catch {
      return {};
    }
  }
}
