import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ObjectEncryptionKeys } from './encrypted-object-store.ts';
import { masterKey } from './encryption-format.ts';

/** Where the embedded setup keeps its generated master key: beside the stores, outside `objects/`. */
export const GENERATED_KEY_FILE = 'object-encryption.key';

export interface ObjectEncryptionSettings {
  /** OBJECT_ENCRYPTION_KEY: base64 of 32 random bytes. */
  key?: string | undefined;
  /** OBJECT_ENCRYPTION_OLD_KEYS: retired keys, comma-separated base64, still accepted for reading. */
  oldKeys?: string | undefined;
}

/**
 * The master keys from configuration. Without OBJECT_ENCRYPTION_KEY a key is generated once and kept
 * in `<dataDir>/object-encryption.key` (mode 0600), which only makes sense when every service shares
 * that directory: so `requireConfigured` (set when S3 is the store) turns a missing key into an error.
 */
export async function loadObjectEncryptionKeys(
  settings: ObjectEncryptionSettings,
  options: { dataDir: string; requireConfigured: boolean },
): Promise<ObjectEncryptionKeys> {
  const old = (settings.oldKeys ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text, i) => masterKey(decodeKey(text, `OBJECT_ENCRYPTION_OLD_KEYS (key ${i + 1})`)));
  if (settings.key) return { current: masterKey(decodeKey(settings.key, 'OBJECT_ENCRYPTION_KEY')), old };
  if (options.requireConfigured) {
    throw new Error(
      'OBJECT_ENCRYPTION_KEY is required when objects are stored in S3 (S3_ENDPOINT is set): every service must ' +
        'use the same key. Create one with `openssl rand -base64 32` and give it to the files, transcoder, imager ' +
        'and content services.',
    );
  }
  return { current: masterKey(await generatedKey(options.dataDir)), old };
}

function decodeKey(text: string, name: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== 32) {
    throw new Error(
      `${name} must be 32 bytes in base64 (44 characters, e.g. from \`openssl rand -base64 32\`); got ${text.length} characters.`,
    );
  }
  return key;
}

/**
 * Reads the generated key, creating it first if needed. Several services start at once: the key is
 * written to a private temp file and hard-linked into place, which fails if another process won the
 * race, so every process ends up reading the same complete file.
 */
async function generatedKey(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, GENERATED_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  if (!(await exists(file))) {
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await link(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temp);
    }
  }
  // A copied data directory may have lost the mode: the key is the one secret here, keep it private.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return decodeKey((await readFile(file, 'utf8')).trim(), file);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
