// `npm start` after setup: nats-server and every service on the embedded stores under .data/, their
// logs in this terminal tagged by service, crashed services restarted, Ctrl-C stops it all cleanly.
// `--production-like` (npm run start:production-like) runs the prod engines instead: Ceph RGW, a
// 3-node NATS cluster, two transcoders and two imagers (launch-production-like.ts).
// Runs on the project's Node 24 (node_modules/.bin/node), which strips the types.
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import {
  PortInUseError,
  type ServiceName,
  type Stack,
  type StackOptions,
  serviceNames,
  startStack,
} from '../packages/devstack/src/index.ts';
import { ownIPv4Addresses } from '../packages/kit/src/public-origins.ts';
import { type ProductionLikeEngines, startProductionLikeEngines } from './launch-production-like.ts';

const root = resolve(import.meta.dirname, '..');
const productionLike = process.argv.includes('--production-like');

// A .env beside package.json (see .env.example); variables already in the environment win.
const envFile = join(root, '.env');
if (existsSync(envFile)) {
  try {
    process.loadEnvFile(envFile);
  } catch (error) {
    console.error(`Could not read ${envFile}: ${(error as Error).message}`);
    process.exit(1);
  }
}

const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
// Replicas (`imager-2`) and cluster servers (`nats-1`) wear their service's colour.
const tagNames = [...serviceNames, 'nats', 'mediakit', ...(productionLike ? ['transcoder-2'] : [])];
const tagWidth = Math.max(...tagNames.map((n) => n.length));
const tagColors: Record<string, number> = {
  auth: 36,
  files: 32,
  jobs: 33,
  content: 35,
  transcoder: 34,
  imager: 92,
  gateway: 96,
  nats: 90,
  mediakit: 97,
};
const levelNames: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const levelColors: Record<string, number> = {
  trace: 90,
  debug: 90,
  info: 32,
  warn: 33,
  error: 31,
  fatal: 31,
};
const natsLevels: Record<string, string> = {
  TRC: 'trace',
  DBG: 'debug',
  INF: 'info',
  WRN: 'warn',
  ERR: 'error',
  FTL: 'fatal',
};
const omitted = new Set(['level', 'time', 'pid', 'hostname', 'service', 'msg', 'v']);

const paint = (code: number | undefined, text: string) =>
  color && code ? `\u001b[${code}m${text}\u001b[0m` : text;
const clock = (date: Date) => date.toTimeString().slice(0, 8);

function fieldValue(value: unknown): string {
  const text =
    typeof value === 'string' && !/[\s"=]/.test(value) && value !== '' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** One log line of a process as `HH:MM:SS <service> <level> <msg> <fields>`; extra lines for stacks. */
function formatLine(service: string, line: string): string {
  const tag = paint(tagColors[service.replace(/-\d+$/, '')], service.padEnd(tagWidth));
  const plain = (level: string | undefined, text: string, time = new Date()) =>
    `${paint(90, clock(time))} ${tag} ${level ? `${paint(levelColors[level], level.padEnd(5))} ` : ''}${text}`;

  if (line.startsWith('{')) {
    let record: Record<string, unknown> | undefined;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      // not JSON after all
    }
    if (record && typeof record === 'object') {
      const level =
        typeof record.level === 'number'
          ? (levelNames[record.level] ?? String(record.level))
          : String(record.level ?? 'info');
      const time =
        typeof record.time === 'string' || typeof record.time === 'number'
          ? new Date(record.time)
          : new Date();
      const fields: string[] = [];
      let stack: string | undefined;
      for (const [key, value] of Object.entries(record)) {
        if (omitted.has(key) || value === undefined) continue;
        if ((key === 'err' || key === 'error') && value && typeof value === 'object') {
          const error = value as { message?: string; stack?: string };
          fields.push(`${key}=${fieldValue(error.message ?? '')}`);
          if (error.stack && (record.level as number) >= 50) stack = error.stack;
          continue;
        }
        fields.push(`${key}=${fieldValue(value)}`);
      }
      const text = [String(record.msg ?? ''), fields.length > 0 ? paint(90, fields.join(' ')) : '']
        .filter(Boolean)
        .join(' ');
      const first = plain(level, text, Number.isNaN(time.getTime()) ? new Date() : time);
      if (!stack) return first;
      const indent = ' '.repeat(9 + tagWidth + 1);
      return [
        first,
        ...stack
          .split('\n')
          .slice(1)
          .map((l) => paint(90, `${indent}${l.trim()}`)),
      ].join('\n');
    }
  }
  // nats-server: "[pid] 2025/01/01 12:00:00.000000 [INF] message"
  const nats = /^\[\d+\] \S+ \S+ \[(\w{3})\] (.*)$/.exec(line);
  if (nats) return plain(natsLevels[nats[1]] ?? nats[1].toLowerCase(), nats[2]);
  return plain(undefined, line);
}

function log(service: string, line: string) {
  console.log(formatLine(service, line));
}

function say(message: string) {
  console.log(formatLine('mediakit', message));
}

function portFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number between 1 and 65535 (got ${JSON.stringify(raw)}).`);
    process.exit(1);
  }
  return port;
}

function servicesFromEnv(): ServiceName[] | undefined {
  const raw = process.env.MK_SERVICES?.trim();
  if (!raw) return undefined;
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !serviceNames.includes(n as ServiceName));
  if (unknown.length > 0) {
    console.error(
      `MK_SERVICES names unknown services: ${unknown.join(', ')}. Known: ${serviceNames.join(', ')}.`,
    );
    process.exit(1);
  }
  return names as ServiceName[];
}

function portHint(error: PortInUseError): string {
  const lines: string[] = [];
  if (error.service === 'gateway') {
    lines.push(
      `Port ${error.port} (the web app and API) is already in use: is Mediakit already running in another terminal?`,
      `Stop it, or start on another port: PORT=${error.port + 1} npm start`,
    );
  }
  const others = error.busy.filter((b) => b.service !== 'gateway');
  if (others.length > 0) {
    const what = others.map(
      (b) => `${b.port} (${b.service === 'nats-server' ? 'nats-server' : `${b.service} ${b.variable}`})`,
    );
    lines.push(
      `${others.length === 1 ? 'Port' : 'Ports'} ${what.join(', ')} ${others.length === 1 ? 'is' : 'are'} already in use by another program: perhaps an earlier Mediakit that did not stop.`,
      `Find it with: ss -ltnp 'sport = :${others[0].port}'  (or: lsof -i :${others[0].port}), stop it, then run npm start again.`,
    );
  }
  return lines.join('\n');
}

const gatewayPort = portFromEnv('PORT');
const options: StackOptions = {
  root,
  dataDir: productionLike
    ? join(root, '.data', 'production-like')
    : process.env.DATA_DIR
      ? resolve(root, process.env.DATA_DIR)
      : join(root, '.data'),
  ports: 'default',
  portOverrides: gatewayPort ? { gateway: { PORT: gatewayPort } } : undefined,
  services: servicesFromEnv(),
  restartOnCrash: true,
  onLog: log,
};

const aborter = new AbortController();
let engines: ProductionLikeEngines | undefined;
let stack: Stack | undefined;
let stopping = false;

async function shutdown(signal: NodeJS.Signals) {
  if (stopping) {
    say(`${signal} again: killing everything now`);
    process.exit(1); // the stack's exit hook SIGKILLs what is left
  }
  stopping = true;
  if (color) process.stdout.write('\n');
  say(`${signal}: stopping (press Ctrl-C again to force)`);
  if (!stack) {
    aborter.abort(); // startStack stops what it started, then rejects
    return;
  }
  await stack.stop();
  await engines?.stop();
  say('stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void shutdown(signal));

if (existsSync(envFile)) say('read .env');
const what = (options.services ?? serviceNames).join(', ');
if (productionLike)
  say(
    `production-like: starting Ceph RGW, a 3-node NATS cluster and ${what}, the transcoder and imager twice each (data in ${options.dataDir}, emptied at each start)`,
  );
else say(`starting nats-server and ${what} (data in ${options.dataDir})`);
try {
  if (productionLike) {
    engines = await startProductionLikeEngines(options.dataDir, log);
    aborter.signal.throwIfAborted();
  }
  stack = await startStack({ ...options, ...engines?.stackOptions, signal: aborter.signal });
} catch (error) {
  await engines?.stop();
  if (aborter.signal.aborted) {
    say('stopped');
    process.exit(0);
  }
  if (error instanceof PortInUseError) console.error(`\n${portHint(error)}`);
  else console.error(`\nMediakit could not start: ${(error as Error).message}`);
  process.exit(1);
}
if (aborter.signal.aborted) {
  await stack.stop();
  await engines?.stop();
  say('stopped');
  process.exit(0);
}
if (!options.services || options.services.includes('gateway')) {
  const port = stack.ports.gateway.PORT;
  const publicUrl = process.env.PUBLIC_URL || undefined;
  say(paint(1, `Mediakit is running at ${publicUrl ?? `http://localhost:${port}`}`));
  // Without PUBLIC_URL the gateway listens on every interface (unless HOST says otherwise), and
  // sign-in works at this machine's own addresses too: say which, for a phone on the same network.
  if (!publicUrl && !process.env.HOST) {
    const lan = ownIPv4Addresses(networkInterfaces()).map((address) => `http://${address}:${port}`);
    if (lan.length > 0)
      say(`On your network: ${lan.join(', ')} (HOST=127.0.0.1 npm start keeps it on this machine)`);
  }
} else {
  say(paint(1, `Mediakit services are running without the gateway: ${options.services.join(', ')}`));
}
say('Press Ctrl-C to stop.');
