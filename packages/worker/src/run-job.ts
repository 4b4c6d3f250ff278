import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type AsyncClient,
  type DispatchMessage,
  derivedId,
  inSpan,
  type Logger,
  type ObjectStore,
  STREAM_BATCH_BYTES,
  workerReadBytes,
  workerWrittenBytes,
} from '@mediakit/kit';
import { inspectFile } from '@mediakit/media';
import type { filesV1 } from '@mediakit/proto';
import { writeZip } from './archive.ts';
import { jobDirPrefix } from './temp-dirs.ts';
import type { JobInput, ToolHandler, ToolOutput } from './types.ts';

export interface RunJobDeps {
  objects: ObjectStore;
  files: AsyncClient<filesV1.FilesServiceClient>;
  log: Logger;
  tmpRoot?: string;
}

export interface JobResult {
  outputs: filesV1.File[];
  archive?: filesV1.File;
  /** The outputs' notes, each once (ToolOutput.note). */
  notes: string[];
}

/**
 * Runs one job from its dispatch message: inputs into a private temp dir, the tool's handler,
 * then outputs into the object store and registered with the files service. The temp dir is
 * removed whatever happens. Output ids derive from the job id, attempt and index, so running
 * the same attempt twice (a redelivery after a crash) registers the same records, not duplicates.
 */
export async function runJob(
  deps: RunJobDeps,
  handler: ToolHandler,
  job: DispatchMessage,
  signal: AbortSignal,
  progress: (percent: number) => void,
): Promise<JobResult> {
  // The pid in the name lets a restarted worker find and remove what a killed one left (temp-dirs.ts).
  const dir = await mkdtemp(
    join(deps.tmpRoot ?? tmpdir(), `${jobDirPrefix(process.pid)}${job.jobId.slice(0, 8)}-`),
  );
  try {
    // Spans of the job's trace: where its time went, and the object store's calls under them (S3).
    const inputs = await inSpan('download inputs', () => downloadInputs(deps, job, join(dir, 'in')));
    const outDir = join(dir, 'out');
    await mkdir(outDir);
    const log = deps.log.child({ jobId: job.jobId, tool: job.tool });
    const produced = await handler({
      tool: job.tool,
      inputs,
      params: job.params,
      outDir,
      signal,
      progress,
      log,
    });
    signal.throwIfAborted();
    if (produced.length === 0) throw new Error(`${job.tool} produced no output`);

    const outputs: filesV1.File[] = [];
    for (const [index, output] of produced.entries()) {
      outputs.push(await inSpan('store output', () => storeOutput(deps, job, output, `output:${index}`)));
    }
    const notes = [...new Set(produced.flatMap((output) => (output.note ? [output.note] : [])))];
    if (produced.length === 1) return { outputs, notes };

    const zipPath = join(dir, 'archive.zip');
    await writeZip(zipPath, produced);
    const archive = await storeOutput(
      deps,
      job,
      { path: zipPath, name: `${job.tool}-${job.jobId.slice(0, 6)}.zip` },
      'archive',
    );
    return { outputs, archive, notes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function downloadInputs(deps: RunJobDeps, job: DispatchMessage, dir: string): Promise<JobInput[]> {
  await mkdir(dir);
  const inputs: JobInput[] = [];
  for (const [index, input] of job.inputs.entries()) {
    // Local names are ours (index + sniffed format), never the user's, so no name can escape the dir.
    const path = join(dir, `${index}.${input.format}`);
    // A batch of the decrypted pieces goes to disk in one writev (stream-batches.ts in kit).
    const file = createWriteStream(path, { highWaterMark: STREAM_BATCH_BYTES });
    await pipeline(await deps.objects.get(input.objectKey), file);
    workerReadBytes.inc(file.bytesWritten);
    const { objectKey: _key, ...info } = input;
    inputs.push({ ...info, path });
  }
  return inputs;
}

async function storeOutput(
  deps: RunJobDeps,
  job: DispatchMessage,
  output: ToolOutput,
  label: string,
): Promise<filesV1.File> {
  const id = derivedId(`${job.jobId}:${job.attempt}`, label);
  const objectKey = `outputs/${job.jobId}/${id}`;
  // Reading the output's facts (for a video, an ffprobe process, mostly its start-up) and storing
  // it (encrypting, syncing to disk) overlap, so neither waits for the other. The stored
  // object gets no content type of its own: it is ciphertext, and every reader takes the type from
  // the file record registered below.
  const [inspected, stored] = await Promise.allSettled([
    inspectFile(output.path),
    // Read in 1 MiB pieces (not 64 KiB): a large video output is stored in a sixteenth of the reads.
    deps.objects.put(objectKey, createReadStream(output.path, { highWaterMark: 1024 * 1024 })),
  ]);
  const info = inspected.status === 'fulfilled' ? inspected.value : null;
  if (stored.status === 'rejected' || !info) {
    if (stored.status === 'fulfilled') await deps.objects.delete(objectKey).catch(() => {});
    if (inspected.status === 'rejected') throw inspected.reason;
    if (stored.status === 'rejected') throw stored.reason;
    throw new Error(`${job.tool} wrote an output that cannot be read back: ${basename(output.path)}`);
  }
  workerWrittenBytes.inc(stored.value.size);
  // inspectFile leaves out what it could not read, so the spread sends only known fields.
  return deps.files.registerOutput({
    ...info,
    id,
    ownerId: job.ownerId,
    jobId: job.jobId,
    name: output.name,
    objectKey,
    size: stored.value.size,
    expiresAt: job.expiresAt,
  });
}
