import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATED_KEY_FILE, loadObjectEncryptionKeys } from './encryption-keys.ts';
import { openObjectStore } from './open-stores.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mediakit-keys-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const local = { dataDir: '', requireConfigured: false };

describe('object encryption keys', () => {
  it('uses OBJECT_ENCRYPTION_KEY and the old keys, and writes no key file', async () => {
    const key = randomBytes(32);
    const old = [randomBytes(32), randomBytes(32)];
    const keys = await loadObjectEncryptionKeys(
      { key: key.toString('base64'), oldKeys: old.map((k) => k.toString('base64')).join(', ') },
      { ...local, dataDir },
    );
    expect(keys.current.key.equals(key)).toBe(true);
    expect(keys.old.map((k) => k.key.toString('hex'))).toEqual(old.map((k) => k.toString('hex')));
    await expect(stat(join(dataDir, GENERATED_KEY_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a key that is not 32 bytes of base64, naming the variable', async () => {
    await expect(loadObjectEncryptionKeys({ key: 'c2hvcnQ=' }, { ...local, dataDir })).rejects.toThrow(
      /OBJECT_ENCRYPTION_KEY must be 32 bytes in base64/,
    );
    await expect(
      loadObjectEncryptionKeys(
        { key: randomBytes(32).toString('base64'), oldKeys: 'not base64!' },
        { ...local, dataDir },
      ),
    ).rejects.toThrow(/OBJECT_ENCRYPTION_OLD_KEYS \(key 1\)/);
  });

  it('requires a configured key with S3, saying how to make one', async () => {
    await expect(loadObjectEncryptionKeys({}, { dataDir, requireConfigured: true })).rejects.toThrow(
      /OBJECT_ENCRYPTION_KEY is required .*S3.*openssl rand -base64 32/,
    );
    await expect(
      openObjectStore({
        dataDir,
        s3: { endpoint: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b', bucket: 'c' },
        encryption: {},
      }),
    ).rejects.toThrow(/OBJECT_ENCRYPTION_KEY is required/);
  });

  it('generates one key under DATA_DIR, readable by its owner only, and every service starting at once gets the same', async () => {
    const loads = await Promise.all(
      Array.from({ length: 8 }, () => loadObjectEncryptionKeys({}, { ...local, dataDir })),
    );
    const file = join(dataDir, GENERATED_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const onDisk = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    expect(onDisk.length).toBe(32);
    for (const keys of loads) expect(keys.current.key.equals(onDisk)).toBe(true);
    // A restart reads the same key (and tightens a loosened mode).
    await chmod(file, 0o644);
    expect((await loadObjectEncryptionKeys({}, { ...local, dataDir })).current.key.equals(onDisk)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('openObjectStore encrypts on the local disk by default', async () => {
    const store = await openObjectStore({ dataDir, encryption: {} });
    await store.put('uploads/x', Buffer.from('a secret that must not be on disk'));
    const stored = await readFile(join(dataDir, 'objects/uploads/x'));
    expect(stored.includes(Buffer.from('a secret'))).toBe(false);
    expect((await store.stat('uploads/x'))?.size).toBe(33);
  });
});
