import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** Writes a ZIP of `entries` (stored names must be unique) to `target`, streaming each file. */
export async function writeZip(target: string, entries: { path: string; name: string }[]): Promise<void> {
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const entry of entries) {
    zip.addFile(entry.path, uniqueName(entry.name, used));
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target));
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}${ext}`;
  used.add(candidate);
  return candidate;
}
