import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { promisify } from 'node:util';
import { findExecutable, natsServerBinary } from '@mediakit/devstack';
import sharp from 'sharp';

const run = promisify(execFile);

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGiB: number;
  os: string;
  kernel: string;
  loadAtStart: string;
  versions: Record<string, string>;
}

async function firstLine(command: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, { timeout: 10_000 });
    return (stdout || stderr).split('\n')[0].trim();
  } catch (error) {
    return `not found (${(error as Error).message.split('\n')[0]})`;
  }
}

async function osName(): Promise<string> {
  try {
    const text = await readFile('/etc/os-release', 'utf8');
    return text.match(/^PRETTY_NAME="?([^"\n]*)"?/m)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** What the figures depend on: the machine and the exact versions of the tools doing the work. */
export async function machineInfo(chromiumPath: string | undefined): Promise<MachineInfo> {
  const nats = natsServerBinary();
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    ramGiB: totalmem() / 1024 ** 3,
    os: await osName(),
    kernel: release(),
    loadAtStart: loadavg()
      .map((l) => l.toFixed(2))
      .join(', '),
    versions: {
      node: process.version,
      ffmpeg: (await firstLine('ffmpeg', ['-version'])).replace(/ Copyright.*/, ''),
      sharp: `${sharp.versions.sharp} (libvips ${sharp.versions.vips})`,
      'nats-server': nats ? await firstLine(nats, ['--version']) : 'not found',
      chromium: chromiumPath ? await firstLine(chromiumPath, ['--version']) : 'not found',
      autocannon: await packageVersion('autocannon'),
      lighthouse: await packageVersion('lighthouse'),
    },
  };
}

/** The installed version of a package: the bench's own (bench/node_modules) or the root's. */
async function packageVersion(name: string): Promise<string> {
  for (const modules of ['../node_modules', '../../node_modules']) {
    try {
      const url = new URL(`${modules}/${name}/package.json`, import.meta.url);
      return (JSON.parse(await readFile(url, 'utf8')) as { version: string }).version;
    } catch {
      // not in this node_modules
    }
  }
  return 'not installed';
}

export const chromiumPath =
  process.env.CHROME_PATH ??
  process.env.CHROMIUM_PATH ??
  findExecutable('chromium') ??
  findExecutable('chromium-browser');
