import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cephConfig } from './ceph-config.ts';
import { freePort } from './free-port.ts';
import { waitForPort } from './nats-server.ts';
import { findExecutable } from './which.ts';

const run = promisify(execFile);

export interface CephRgwHandle {
  /** `http://127.0.0.1:<port>`: the S3 API of radosgw. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** Stops radosgw, the OSD and the monitor. */
  stop(): Promise<void>;
  /**
   * Stops radosgw only and starts it again on the same port, after `downForMs` (default 0); the
   * cluster and its data stay. Resolves once the gateway serves again.
   */
  restart(options?: { downForMs?: number }): Promise<void>;
  /** SIGKILL to every daemon, at once. */
  kill(): void;
}

/** The S3 user every started gateway has (a throwaway cluster on loopback: fixed keys are fine). */
export const CEPH_RGW_ACCESS_KEY = 'mediakit-access-key';
export const CEPH_RGW_SECRET_KEY = 'mediakit-secret-key-on-a-throwaway-cluster';

const cephTools = ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'ceph', 'ceph-authtool', 'monmaptool'];

/** The missing Ceph tools (Debian packages ceph-mon, ceph-osd, radosgw, ceph-common). */
export function missingCephTools(): string[] {
  return cephTools.filter((tool) => !findExecutable(tool));
}

/**
 * Starts a one-node Ceph cluster under `dir` and its RADOS Gateway: one monitor, one OSD on
 * memstore (RAM: nothing survives stop), radosgw (beast) on 127.0.0.1 with one S3 user. All on
 * free ports; resolves once the S3 API answers (about 15 s). Every daemon dies with this process
 * (setpriv --pdeathsig), so a killed test run leaves none behind.
 */
export async function startCephRgw(options: {
  dir: string;
  onLog?: (line: string) => void;
}): Promise<CephRgwHandle> {
  const missing = missingCephTools();
  if (missing.length > 0) {
    throw new Error(
      `Ceph is not installed (missing ${missing.join(', ')}). Run \`MK_SETUP_BROWSER=1 npm run setup\` (\`npm test\` does), or: sudo apt-get install -y ceph-mon ceph-osd radosgw ceph-common`,
    );
  }
  const { dir } = options;
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'ceph.conf');
  await mkdir(join(dir, 'mon'), { recursive: true });
  await mkdir(join(dir, 'osd', 'ceph-0'), { recursive: true });
  await mkdir(join(dir, 'run'), { recursive: true });
  await writeFile(conf, cephConfig({ dir, fsid: randomUUID(), monPort }));
  const tool = async (command: string, args: string[]) => {
    try {
      return (await run(command, ['-c', conf, ...args], { timeout: 60_000 })).stdout;
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(
        `Ceph: \`${command} ${args.join(' ')}\` failed: ${(stderr?.trim() || message).slice(0, 600)}`,
      );
    }
  };

  const daemons: ChildProcess[] = [];
  const rgwArgs = ['-n', 'client.admin', '--rgw-frontends', `beast endpoint=127.0.0.1:${rgwPort}`];
  const endpoint = `http://127.0.0.1:${rgwPort}`;
  let rgw: ChildProcess;
  const start = async (command: string, args: string[], port?: number) => {
    const child = spawnDaemon(command, ['-f', '-c', conf, ...args], options.onLog);
    daemons.push(child);
    if (port) await waitForPort(port, 60_000, child).catch(failed(command, dir));
    return child;
  };
  try {
    // Keys: the monitor's, the admin's (every tool here), and the OSD's in its own keyring.
    const keyring = join(dir, 'keyring');
    const osdKeyring = join(dir, 'osd', 'keyring');
    await run('ceph-authtool', [
      '--create-keyring',
      keyring,
      '--gen-key',
      '-n',
      'mon.',
      '--cap',
      'mon',
      'allow *',
    ]);
    await run('ceph-authtool', [keyring, '--gen-key', '-n', 'client.admin', ...allCaps]);
    await run('ceph-authtool', ['--create-keyring', osdKeyring, '--gen-key', '-n', 'osd.0', ...osdCaps]);
    await run('ceph-authtool', [keyring, '--import-keyring', osdKeyring]);
    await tool('monmaptool', [
      '--create',
      '--clobber',
      '--addv',
      'a',
      `[v2:127.0.0.1:${monPort}]`,
      join(dir, 'monmap'),
    ]);
    await tool('ceph-mon', ['--mkfs', '-i', 'a', '--monmap', join(dir, 'monmap'), '--keyring', keyring]);
    await start('ceph-mon', ['-i', 'a'], monPort);

    const osdUuid = randomUUID();
    await tool('ceph', ['osd', 'create', osdUuid]);
    // --no-mon-config: mkfs must not ask the monitor for config; the OSD keyring was made above.
    await tool('ceph-osd', ['-i', '0', '--mkfs', '--osd-uuid', osdUuid, '--no-mon-config']);
    const osd = await start('ceph-osd', ['-i', '0']);
    await waitForOsdUp(tool, osd).catch(failed('ceph-osd', dir));

    // The user before the gateway: radosgw-admin creates the realm's pools, radosgw then finds them.
    await tool('radosgw-admin', [
      'user',
      'create',
      '--uid=mediakit',
      '--display-name=Mediakit',
      `--access-key=${CEPH_RGW_ACCESS_KEY}`,
      `--secret-key=${CEPH_RGW_SECRET_KEY}`,
    ]);
    rgw = await start('radosgw', rgwArgs, rgwPort);
    await waitForS3(endpoint, rgw);
  } catch (error) {
    for (const child of daemons) child.kill('SIGKILL');
    throw error;
  }
  const killAll = () => {
    for (const child of daemons) if (alive(child)) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  return {
    endpoint,
    accessKey: CEPH_RGW_ACCESS_KEY,
    secretKey: CEPH_RGW_SECRET_KEY,
    async restart({ downForMs = 0 } = {}) {
      await stopDaemon(rgw);
      await new Promise((resolve) => setTimeout(resolve, downForMs));
      rgw = await start('radosgw', rgwArgs, rgwPort);
      await waitForS3(endpoint, rgw);
    },
    async stop() {
      process.off('exit', killAll);
      // The gateway first, then the OSD, the monitor last: each still has what it talks to.
      for (const child of [...daemons].reverse()) await stopDaemon(child);
    },
    kill() {
      process.off('exit', killAll);
      killAll();
    },
  };
}

const allCaps = ['--cap', 'mon', 'allow *', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *'];
const osdCaps = [
  '--cap',
  'mon',
  'allow profile osd',
  '--cap',
  'osd',
  'allow *',
  '--cap',
  'mgr',
  'allow profile osd',
];

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** A daemon in the foreground; setpriv makes the kernel kill it if this process dies first. */
function spawnDaemon(command: string, args: string[], onLog?: (line: string) => void): ChildProcess {
  const setpriv = findExecutable('setpriv');
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'KILL', '--', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (data: Buffer) => {
    for (const line of data.toString().split('\n')) if (line.trim()) onLog?.(`${command}: ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  child.on('error', (error) => onLog?.(`${command}: ${error.message}`));
  return child;
}

async function stopDaemon(child: ChildProcess): Promise<void> {
  if (!alive(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The OSD is "up" once the monitor's map says so; pools (and so radosgw) need it. */
async function waitForOsdUp(
  tool: (command: string, args: string[]) => Promise<string>,
  osd: ChildProcess,
): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (!alive(osd)) throw new Error('ceph-osd exited while starting');
    const stat = JSON.parse(await tool('ceph', ['osd', 'stat', '--format=json'])) as { num_up_osds?: number };
    if ((stat.num_up_osds ?? 0) >= 1) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the OSD did not come up within 60 s');
}

/** radosgw listens before it serves: wait for an S3 answer (anonymous ListBuckets: 200). */
async function waitForS3(endpoint: string, rgw: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (!alive(rgw)) throw new Error('radosgw exited while starting');
    const status = await fetch(endpoint).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('radosgw did not answer S3 requests within 60 s');
}

function failed(command: string, dir: string) {
  return (error: Error): never => {
    throw new Error(`Ceph: ${command} did not start (${error.message}); its log is in ${dir}`);
  };
}
