import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCephRgw } from '@mediakit/devstack';
import type { TestProject } from 'vitest/node';

/**
 * One Ceph RADOS Gateway for the whole vitest run, started only when a file of the s3 project runs
 * (vitest sets up a project's globalSetup only then): ~15 s and ~350 MB once, instead of per file.
 * S3_ENDPOINT with S3_ACCESS_KEY and S3_SECRET_KEY points the tests at another S3 instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = process.env;
  if (env.S3_ENDPOINT && env.S3_ACCESS_KEY && env.S3_SECRET_KEY) {
    project.provide('s3', {
      endpoint: env.S3_ENDPOINT,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
    });
    return async () => {};
  }
  const dir = await mkdtemp(join(tmpdir(), 'mediakit-ceph-'));
  // The daemons' last words, shown only if the start fails (the directory is removed then).
  const log: string[] = [];
  const rgw = await startCephRgw({
    dir,
    onLog: (line) => {
      log.push(line);
      if (log.length > 40) log.shift();
    },
  }).catch(async (error: Error) => {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${error.message}\n${log.join('\n')}`);
  });
  // The tests run in worker processes; this loopback endpoint lets them restart the gateway it holds.
  const control = createServer((request, response) => {
    const downForMs = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('downForMs') ?? 0);
    rgw.restart({ downForMs }).then(
      () => response.end('restarted'),
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as { port: number };
  project.provide('s3', {
    endpoint: rgw.endpoint,
    accessKey: rgw.accessKey,
    secretKey: rgw.secretKey,
    restartUrl: `http://127.0.0.1:${port}/restart`,
  });
  return async () => {
    control.close();
    await rgw.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
