import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, type Dirent, type Stats } from 'node:fs';
import {
  access,
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rmdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '../errors.ts';
import { isProcessAlive } from '../process-alive.ts';
import { assertValidRange } from './byte-range.ts';
import { assertDeletablePrefix, assertValidKey, assertValidPrefix } from './object-key.ts';
import type { ByteRange, ObjectInfo, ObjectStore } from './ports.ts';
import { STREAM_BATCH_BYTES } from './stream-batches.ts';

/**
 * The object store on the local disk, used by `npm start` and the tests (production uses S3).
 *
 * Layout under `dir`:
 *   uploads/abc                  the object with key `uploads/abc`
 *   uploads/.abc.meta.json       its content type, when one was given
 *   .tmp/<pid>-<uuid>            uploads in progress, named after the writing process
 * Names starting with a dot belong to the store; object keys may not contain such segments
 * (object-key.ts), so they can never collide.
 *
 * Every upload is written to `.tmp` and then renamed into place. A rename within one file system
 * is atomic, so a reader sees the old object or the new one, never half of one; a failed upload
 * just deletes its temp file. A writer killed mid-upload cannot delete its own: the first put of the
 * next process removes temp files whose writer no longer runs (the pid in the name tells).
 * Data is streamed in both directions: memory use does not depend on
 * object size.
 */
const READ_BYTES = 1024 * 1024;

export function createLocalObjectStore(dir: string): ObjectStore {
  const root = resolve(dir);
  const tempDir = join(root, '.tmp');
  const fileOf = (key: string) => join(root, ...key.split('/'));
  const metadataFileOf = (key: string) => {
    const file = fileOf(key);
    return join(dirname(file), `.${basename(file)}.meta.json`);
  };

  let sweptDeadWriters: Promise<void> | undefined;
  /** Removes temp files of writers that died mid-upload (kill -9, power loss); once per store. */
  async function sweepDeadWriters(): Promise<void> {
    for (const name of await readdir(tempDir).catch(() => [] as string[])) {
      const pid = Number(/^(\d+)-/.exec(name)?.[1]);
      if (!pid || pid === process.pid || isProcessAlive(pid)) continue;
      await removeFile(join(tempDir, name)).catch(() => {});
    }
  }

  async function put(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string } = {},
  ): Promise<ObjectInfo> {
    assertValidKey(key);
    await mkdir(tempDir, { recursive: true });
    sweptDeadWriters ??= sweepDeadWriters();
    await sweptDeadWriters;
    const tempFile = join(tempDir, `${process.pid}-${randomUUID()}`);
    const tempMetadata = `${tempFile}.meta.json`;
    try {
      // `flush` syncs the file to disk before it is closed, so a crash right after the rename
      // cannot leave a complete-looking but truncated object behind.
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        // A batch of an encrypted object's pieces goes to disk in one writev (stream-batches.ts).
        createWriteStream(tempFile, { flush: true, highWaterMark: STREAM_BATCH_BYTES }),
      );
      const { size } = await stat(tempFile);
      if (options.contentType) {
        await writeFile(tempMetadata, JSON.stringify({ contentType: options.contentType }));
        await moveIntoPlace(tempMetadata, metadataFileOf(key));
      } else {
        await removeFile(metadataFileOf(key));
      }
      await moveIntoPlace(tempFile, fileOf(key));
      return options.contentType ? { key, size, contentType: options.contentType } : { key, size };
    } catch (error) {
      await Promise.all([removeFile(tempFile), removeFile(tempMetadata)]);
      throw error;
    }
  }

  /** Renames into place, creating parent directories; retries when a concurrent delete removes an emptied parent in between. */
  async function moveIntoPlace(from: string, to: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(dirname(to), { recursive: true });
      try {
        return await rename(from, to);
      } catch (error) {
        if (codeOf(error) !== 'ENOENT' || attempt === 3) throw error;
      }
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    // Open before returning, so a missing object rejects here rather than as a stream error. An
    // open file keeps its content even if a new upload renames over it meanwhile.
    const opened = await openRegularFile(fileOf(key));
    if (!opened) throw new NotFoundError(`Object ${key} was not found.`);
    // 1 MiB reads instead of the default 64 KiB: a sealed chunk of the encrypted store (64 KiB plus
    // its tag) then rarely straddles two reads, which saves joining them, and a large file takes a
    // sixteenth of the read calls.
    // The end is always given (objects never change in place): without it the stream allocates a
    // full 1 MiB for the last read and copies what it got into a smaller buffer, and garbage like
    // that is what sends a worker into full garbage collections (see encrypted-object-store.ts).
    const end = range ? range.end : opened.size - 1;
    return opened.handle.createReadStream({
      highWaterMark: READ_BYTES,
      start: range?.start ?? 0,
      ...(end >= 0 ? { end } : {}),
    });
  }

  async function statObject(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const info = await statOrNull(fileOf(key));
    if (!info?.isFile()) return null;
    const contentType = await readContentType(metadataFileOf(key));
    return contentType ? { key, size: info.size, contentType } : { key, size: info.size };
  }

  async function removeObject(key: string): Promise<void> {
    await removeFile(fileOf(key));
    await removeFile(metadataFileOf(key));
    await removeEmptyDirectories(dirname(fileOf(key)));
  }

  /** Deletes emptied parent directories up to (not including) the root, so deleted jobs leave no trail. */
  async function removeEmptyDirectories(from: string): Promise<void> {
    for (let current = from; current.startsWith(root + sep); current = dirname(current)) {
      try {
        await rmdir(current);
      } catch (error) {
        if (codeOf(error) !== 'ENOENT') return; // not empty (or not ours to remove): stop here
      }
    }
  }

  async function list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    const keys: string[] = [];
    // Start in the deepest directory the prefix names ('' or e.g. 'outputs/job1/').
    await collectKeys(prefix.slice(0, prefix.lastIndexOf('/') + 1), prefix, keys);
    // S3 lists keys in the byte order of their UTF-8 form; do the same.
    return keys.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }

  async function collectKeys(keyDir: string, prefix: string, keys: string[]): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(join(root, ...keyDir.split('/')), { withFileTypes: true });
    } catch (error) {
      if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // temp files and metadata, not objects
      const key = keyDir + entry.name;
      if (entry.isFile() && key.startsWith(prefix)) keys.push(key);
      // Descend only where keys under the prefix can be.
      if (entry.isDirectory() && (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`))) {
        await collectKeys(`${key}/`, prefix, keys);
      }
    }
  }

  return {
    put,
    get,
    stat: statObject,
    async delete(key) {
      assertValidKey(key);
      await removeObject(key);
    },
    async deletePrefix(prefix) {
      assertDeletablePrefix(prefix);
      for (const key of await list(prefix)) await removeObject(key);
    },
    list,
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    return await stat(path);
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return null;
    throw error;
  }
}

/** Opens a file for reading, with its size, or returns null when there is no file (missing, or a directory). */
async function openRegularFile(path: string): Promise<{ handle: FileHandle; size: number } | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR' || codeOf(error) === 'EISDIR') return null;
    throw error;
  }
  const info = await handle.stat();
  if (info.isFile()) return { handle, size: info.size };
  await handle.close();
  return null;
}

/** Removes a file if it is there; a missing file (or a directory of the same name) is left alone. */
async function removeFile(path: string): Promise<void> {
  if (!(await statOrNull(path))?.isFile()) return;
  try {
    await unlink(path);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
  }
}

async function readContentType(metadataFile: string): Promise<string | undefined> {
  try {
    const metadata = JSON.parse(await readFile(metadataFile, 'utf8')) as { contentType?: unknown };
    return typeof metadata.contentType === 'string' ? metadata.contentType : undefined;
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}
