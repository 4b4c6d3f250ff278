import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.ts';
import { type NatsServerHandle, startNatsServer } from './nats-server.ts';
import { serviceNodeFlags } from './service-runtime.ts';

/**
 * The whole platform on one machine: nats-server with JetStream and every service as a child
 * process on the embedded stores. `npm start` (scripts/launch.ts) and the integration tests
 * both start it through here, so they run the same thing.
 */

export type ServiceName = 'auth' | 'files' | 'jobs' | 'content' | 'transcoder' | 'imager' | 'gateway';

export interface ServiceSpec {
  name: ServiceName;
  /** The port variables the service reads, with their defaults. */
  ports: Record<string, number>;
  /** Which of those ports answers GET /readyz. */
  readyPort: string;
  /** Services stop in phases, lowest first: the gateway, then the workers, then the rest. */
  stopPhase: number;
  /** Flags for node itself, besides the ones every service has (service-runtime.ts). */
  nodeFlags?: readonly string[];
  /**
   * Environment for the process itself (read before any code runs, so it cannot be set from the
   * service's code); each Dockerfile's ENV sets the same. A variable set where `npm start` runs wins.
   */
  processEnv?: Readonly<Record<string, string>>;
}

/**
 * A small young generation: 2 MB semi-spaces instead of V8's default, which grows to tens of MB on
 * a large machine. Two kinds of service run with it, for two reasons:
 * - The services on every API request's path (gateway, jobs), for their pauses: a small scavenge
 *   stops the event loop for far less time, and those stops made the tail of API latency.
 * - The files service, for its memory: every upload and download passes through Buffers that live
 *   for one stream step, and V8 gives a Buffer's memory back at a scavenge if it died young, else
 *   only at a full GC. With a large young generation few scavenges happen during a transfer, so
 *   nearly every Buffer waits for a full GC.
 * The measurements: docs/benchmarks.md, "Measurements behind the code".
 */
export const SMALL_YOUNG_GENERATION_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/**
 * When the workers start a full garbage collection: once 70 % of the old generation's headroom is
 * used (90 %: at once), instead of V8's default rule, which starts one whenever the headroom is
 * smaller than the young generation's capacity. A worker's heap is small (its garbage is mostly the
 * buffers of the files it moves, outside the JavaScript heap), so under load that rule started a
 * collection right after each one, freeing next to nothing. The heap still never grows past the
 * limit V8 sets; only the start of each collection moves (measurements: docs/benchmarks.md).
 */
export const WORKER_NODE_FLAGS: readonly string[] = [
  '--incremental-marking-soft-trigger=70',
  '--incremental-marking-hard-trigger=90',
];

/**
 * glibc's malloc asks for transparent huge pages (2 MiB) for its heap, in the services that start
 * child processes: the transcoder (ffprobe on the input, ffmpeg, ffprobe on the output: three per
 * job) and the files service (ffprobe on every uploaded video or audio file). Node starts a child
 * with fork(), and the kernel then marks every page of the service's memory copy-on-write: the
 * service's next write to each page takes a page fault, even after the child has moved on to
 * ffprobe's own image, and huge pages make those faults a fraction as many. ffmpeg's and sharp's
 * own speed do not change with it, so the imager, which starts no child, goes without
 * (measurements: docs/benchmarks.md).
 */
export const SPAWNING_SERVICE_ENV: Readonly<Record<string, string>> = {
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
};

/** Every service, in start order. Adding a service is adding a line here. */
export const serviceSpecs: readonly ServiceSpec[] = [
  { name: 'auth', ports: { GRPC_PORT: 50051, HTTP_PORT: 8083 }, readyPort: 'HTTP_PORT', stopPhase: 2 },
  {
    name: 'files',
    ports: { GRPC_PORT: 50052, HTTP_PORT: 8082 },
    readyPort: 'HTTP_PORT',
    stopPhase: 2,
    nodeFlags: SMALL_YOUNG_GENERATION_FLAGS,
    processEnv: SPAWNING_SERVICE_ENV,
  },
  {
    name: 'jobs',
    ports: { GRPC_PORT: 50053, HEALTH_PORT: 9103 },
    readyPort: 'HEALTH_PORT',
    stopPhase: 2,
    nodeFlags: SMALL_YOUNG_GENERATION_FLAGS,
  },
  { name: 'content', ports: { GRPC_PORT: 50054, HEALTH_PORT: 9104 }, readyPort: 'HEALTH_PORT', stopPhase: 2 },
  {
    name: 'transcoder',
    ports: { HEALTH_PORT: 9105 },
    readyPort: 'HEALTH_PORT',
    stopPhase: 1,
    nodeFlags: WORKER_NODE_FLAGS,
    processEnv: SPAWNING_SERVICE_ENV,
  },
  {
    name: 'imager',
    ports: { HEALTH_PORT: 9106 },
    readyPort: 'HEALTH_PORT',
    stopPhase: 1,
    nodeFlags: WORKER_NODE_FLAGS,
  },
  {
    name: 'gateway',
    ports: { PORT: 8080 },
    readyPort: 'PORT',
    stopPhase: 0,
    nodeFlags: SMALL_YOUNG_GENERATION_FLAGS,
  },
];

export const serviceNames: readonly ServiceName[] = serviceSpecs.map((s) => s.name);
export const defaultNatsPort = 4222;

export type StackPorts = { nats: number } & { [S in ServiceName]: Record<string, number> };

export interface StackOptions {
  /** The repository root: services run as `<root>/node_modules/.bin/node services/<name>/src/main.ts`. */
  root: string;
  /** DATA_DIR of every service; nats-server stores JetStream under `<dataDir>/nats`. */
  dataDir: string;
  /** `default`: the well-known ports (npm start); `random`: free ports for everything, NATS included (tests). */
  ports: 'default' | 'random';
  /** Fixed ports that win over `ports`, e.g. `{ gateway: { PORT: 8081 } }` or `{ nats: 4223 }`. */
  portOverrides?: { nats?: number } & { [S in ServiceName]?: Record<string, number> };
  /** Extra environment for every service (wins over what the stack computes). */
  env?: Record<string, string | undefined>;
  /** Extra environment per service (wins over `env`). */
  serviceEnv?: { [S in ServiceName]?: Record<string, string | undefined> };
  /** Every output line of every process (`nats` for nats-server), and the stack's own notes. */
  onLog?: (service: string, line: string) => void;
  /** Restart a service (or nats-server) that exits unexpectedly, with backoff 1 s doubling to 30 s. */
  restartOnCrash: boolean;
  /**
   * The crash-restart backoff: the first delay (default 1 s), doubling up to `maxMs` (default 30 s);
   * it starts again from `firstMs` once a process ran a minute. Tests that crash services on
   * purpose many times in a row make it short.
   */
  restartBackoff?: { firstMs?: number; maxMs?: number };
  /** Start only these (default: all). Ports and addresses of the others are still assigned. */
  services?: readonly ServiceName[];
  /** How long a service may take to answer 200 on /readyz (default 60 s). */
  readyTimeoutMs?: number;
  /** How long `stop` waits for each process after SIGTERM before SIGKILL (default 10 s). */
  stopTimeoutMs?: number;
  /** Aborting while the stack starts stops what already runs and rejects. */
  signal?: AbortSignal;
}

export interface Stack {
  gatewayUrl: string;
  natsUrl: string;
  ports: StackPorts;
  dataDir: string;
  /** SIGTERM to services (gateway first, workers next, then the others, nats-server last); SIGKILL after the timeout. */
  stop(): Promise<void>;
  /** Sends a signal to one process, as a crash would; with restartOnCrash it comes back. */
  kill(service: ServiceName | 'nats', signal?: NodeJS.Signals): void;
  /** Stops one service gracefully, starts it again and waits until it is ready. */
  restart(service: ServiceName): Promise<void>;
  /** Process ids of what is running now. */
  pids(): Partial<Record<ServiceName | 'nats', number>>;
  /** Resolves once the service's current process answers 200 on /readyz. */
  waitReady(service: ServiceName, timeoutMs?: number): Promise<void>;
}

export interface BusyPort {
  service: string;
  variable: string;
  port: number;
}

/**
 * Ports the stack needs are taken by other processes. Names the gateway's port when it is among
 * them (the usual case: Mediakit already runs, or another app holds 8080), else the first one;
 * `busy` lists them all.
 */
export class PortInUseError extends Error {
  readonly service: string;
  readonly variable: string;
  readonly port: number;
  readonly busy: BusyPort[];
  constructor(busy: BusyPort[]) {
    const main = busy.find((b) => b.service === 'gateway') ?? busy[0];
    const others = busy.filter((b) => b !== main).map((b) => b.port);
    super(
      `port ${main.port} (${main.service} ${main.variable}) is already in use${others.length ? ` (and ${others.join(', ')})` : ''}`,
    );
    this.name = 'PortInUseError';
    this.service = main.service;
    this.variable = main.variable;
    this.port = main.port;
    this.busy = busy;
  }
}

/** A service never got ready, or exited before it did. Carries its last log lines. */
export class ServiceStartError extends Error {
  readonly service: string;
  readonly logTail: string[];
  constructor(service: string, reason: string, logTail: string[]) {
    const tail = logTail.length
      ? `\nIts last log lines:\n${logTail.map((l) => `  ${l}`).join('\n')}`
      : '\nIt logged nothing.';
    super(`${service} ${reason}.${tail}`);
    this.name = 'ServiceStartError';
    this.service = service;
    this.logTail = logTail;
  }
}

const defaultFirstBackoffMs = 1000;
const defaultMaxBackoffMs = 30_000;
const stableAfterMs = 60_000;
const tailLines = 40;

interface Unit {
  spec: ServiceSpec;
  child?: ChildProcess;
  exited?: Promise<void>;
  startedAt: number;
  backoffMs: number;
  restartTimer?: NodeJS.Timeout;
  /** The current process answered /readyz. */
  ready: boolean;
  /** Crashes count only after the first successful start; before that a start fails fast. */
  supervised: boolean;
  /** The next exit was asked for (restart) and must not trigger a crash restart. */
  expectExit: boolean;
  tail: string[];
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const root = resolve(options.root);
  const dataDir = resolve(options.dataDir);
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const firstBackoffMs = options.restartBackoff?.firstMs ?? defaultFirstBackoffMs;
  const maxBackoffMs = Math.max(firstBackoffMs, options.restartBackoff?.maxMs ?? defaultMaxBackoffMs);
  const log = (service: string, line: string) => options.onLog?.(service, line);
  const selected = new Set<ServiceName>(options.services ?? serviceNames);
  for (const name of selected) {
    if (!serviceNames.includes(name))
      throw new Error(`unknown service ${name}; known: ${serviceNames.join(', ')}`);
  }
  const specs = serviceSpecs.filter((s) => selected.has(s.name));

  const node = join(root, 'node_modules/.bin/node');
  if (!existsSync(node)) {
    throw new Error(`${node} is missing: run \`npm run setup\` (it installs the project's Node 24 from npm)`);
  }
  for (const spec of specs) {
    const main = join(root, 'services', spec.name, 'src/main.ts');
    if (!existsSync(main)) throw new Error(`${spec.name}: ${main} does not exist`);
  }
  const guard = pathToFileURL(join(import.meta.dirname, 'child-guard.ts')).href;

  const ports = await assignPorts(options, specs);
  const natsUrl = `nats://127.0.0.1:${ports.nats}`;
  const gatewayUrl = `http://127.0.0.1:${ports.gateway.PORT}`;
  const sharedEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    NATS_URL: natsUrl,
    AUTH_GRPC_ADDR: `127.0.0.1:${ports.auth.GRPC_PORT}`,
    FILES_GRPC_ADDR: `127.0.0.1:${ports.files.GRPC_PORT}`,
    JOBS_GRPC_ADDR: `127.0.0.1:${ports.jobs.GRPC_PORT}`,
    CONTENT_GRPC_ADDR: `127.0.0.1:${ports.content.GRPC_PORT}`,
    FILES_HTTP_URL: `http://127.0.0.1:${ports.files.HTTP_PORT}`,
    // The auth service's HTTP side: the JWKS that verifies access tokens (and /oidc later).
    AUTH_HTTP_URL: `http://127.0.0.1:${ports.auth.HTTP_PORT}`,
    AUTH_JWKS_URL: `http://127.0.0.1:${ports.auth.HTTP_PORT}/oidc/jwks`,
    // Without PUBLIC_URL the auth service serves sign-in at this machine's addresses on this port.
    GATEWAY_PORT: String(ports.gateway.PORT),
  };
  await mkdir(dataDir, { recursive: true });

  const units = new Map<ServiceName, Unit>();
  let nats: NatsServerHandle | undefined;
  let natsBackoffMs = firstBackoffMs;
  let natsStartedAt = 0;
  let natsRestartTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;

  const readyUrl = (spec: ServiceSpec) => `http://127.0.0.1:${ports[spec.name][spec.readyPort]}/readyz`;
  const alive = (child: ChildProcess | undefined) =>
    !!child && child.exitCode === null && child.signalCode === null;

  // Last resort: if this process exits without stop() (a test that threw, process.exit), take the
  // children with it. Only synchronous work is possible here.
  const killAllNow = () => {
    for (const unit of units.values())
      if (alive(unit.child)) killGroup(unit.child as ChildProcess, 'SIGKILL');
    if (nats && alive(nats.process)) nats.process.kill('SIGKILL');
  };
  process.on('exit', killAllNow);

  function note(unit: Unit, line: string) {
    unit.tail.push(line);
    if (unit.tail.length > tailLines) unit.tail.shift();
    log(unit.spec.name, line);
  }

  function spawnService(unit: Unit) {
    const { spec } = unit;
    const env: Record<string, string> = {};
    const layers = [
      spec.processEnv,
      process.env,
      sharedEnv,
      portEnv(ports[spec.name]),
      options.env,
      options.serviceEnv?.[spec.name],
    ];
    for (const layer of layers) {
      for (const [key, value] of Object.entries(layer ?? {})) {
        if (value === undefined) delete env[key];
        else env[key] = value;
      }
    }
    const child = spawn(
      node,
      [...serviceNodeFlags(spec), '--import', guard, `services/${spec.name}/src/main.ts`],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: Ctrl-C reaches only the launcher, which stops services in order,
        // and a SIGKILL of the group also takes whatever the service spawned (ffmpeg).
        detached: true,
      },
    );
    unit.child = child;
    unit.startedAt = Date.now();
    unit.ready = false;
    for (const stream of [child.stdout, child.stderr]) {
      if (stream)
        createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
          note(unit, line),
        );
    }
    unit.exited = new Promise((resolveExit) => {
      child.once('error', (error) => {
        note(unit, `could not start: ${error.message}`);
        resolveExit();
      });
      child.once('exit', (code, signal) => {
        resolveExit();
        onExit(unit, child, code, signal);
      });
    });
  }

  function onExit(unit: Unit, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    if (unit.child !== child) return;
    unit.ready = false;
    if (stopping || unit.expectExit || !unit.supervised) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (!options.restartOnCrash) {
      note(unit, `[devstack] ${unit.spec.name} ${how}; not restarting it`);
      return;
    }
    if (Date.now() - unit.startedAt >= stableAfterMs) unit.backoffMs = firstBackoffMs;
    const delay = unit.backoffMs;
    unit.backoffMs = Math.min(unit.backoffMs * 2, maxBackoffMs);
    note(unit, `[devstack] ${unit.spec.name} ${how}; restarting it in ${delay / 1000} s`);
    unit.restartTimer = setTimeout(() => {
      unit.restartTimer = undefined;
      if (stopping) return;
      spawnService(unit);
      void watchReady(unit);
    }, delay);
  }

  /** After a crash restart: mark ready when it is, and say so. */
  async function watchReady(unit: Unit) {
    const child = unit.child;
    try {
      await pollReady(unit, child, readyTimeoutMs);
      if (unit.child === child) note(unit, `[devstack] ${unit.spec.name} is ready again`);
    } catch (error) {
      if (!stopping && unit.child === child && alive(child))
        note(unit, `[devstack] ${(error as Error).message.split('\n')[0]}`);
    }
  }

  /** Polls /readyz of this very process; rejects if it exits, the time runs out or the start is aborted. */
  async function pollReady(
    unit: Unit,
    child: ChildProcess | undefined,
    timeoutMs: number,
    signal?: AbortSignal,
  ) {
    const url = readyUrl(unit.spec);
    const until = Date.now() + timeoutMs;
    for (;;) {
      signal?.throwIfAborted();
      if (stopping) throw new Error('the stack is stopping');
      if (unit.child !== child || !alive(child)) {
        const how = child?.signalCode
          ? `was killed by ${child.signalCode}`
          : `exited with code ${child?.exitCode ?? '?'}`;
        throw new ServiceStartError(unit.spec.name, `${how} before it was ready`, [...unit.tail]);
      }
      if (await answers200(url)) {
        unit.ready = true;
        return;
      }
      if (Date.now() > until) {
        throw new ServiceStartError(
          unit.spec.name,
          `did not answer 200 on ${url} within ${Math.round(timeoutMs / 1000)} s`,
          [...unit.tail],
        );
      }
      await sleep(150);
    }
  }

  async function startNats() {
    const handle = await startNatsServer({
      storeDir: join(dataDir, 'nats'),
      port: ports.nats,
      detached: true,
      stopTimeoutMs,
      onLog: (line) => log('nats', line),
    });
    nats = handle;
    natsStartedAt = Date.now();
    handle.process.once('exit', (code, signal) => {
      if (stopping || nats !== handle) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (Date.now() - natsStartedAt >= stableAfterMs) natsBackoffMs = firstBackoffMs;
      scheduleNatsRestart(how);
    });
  }

  function scheduleNatsRestart(how: string) {
    if (!options.restartOnCrash) {
      log('nats', `[devstack] nats-server ${how}; not restarting it`);
      return;
    }
    const delay = natsBackoffMs;
    natsBackoffMs = Math.min(natsBackoffMs * 2, maxBackoffMs);
    log('nats', `[devstack] nats-server ${how}; restarting it in ${delay / 1000} s`);
    natsRestartTimer = setTimeout(() => {
      natsRestartTimer = undefined;
      if (stopping) return;
      startNats().then(
        () => log('nats', '[devstack] nats-server is ready again'),
        (error: Error) => {
          if (!stopping) scheduleNatsRestart(`did not start again (${error.message})`);
        },
      );
    }, delay);
  }

  async function stopUnit(unit: Unit) {
    if (unit.restartTimer) clearTimeout(unit.restartTimer);
    unit.restartTimer = undefined;
    const child = unit.child;
    if (!child || !alive(child)) return;
    child.kill('SIGTERM');
    const timedOut = await Promise.race([
      unit.exited?.then(() => false),
      sleep(stopTimeoutMs).then(() => true),
    ]);
    if (timedOut && alive(child)) {
      note(unit, `[devstack] ${unit.spec.name} did not stop within ${stopTimeoutMs / 1000} s; killing it`);
      killGroup(child, 'SIGKILL');
      await unit.exited;
    }
  }

  function stop(): Promise<void> {
    stopping ??= (async () => {
      if (natsRestartTimer) clearTimeout(natsRestartTimer);
      const phases = [...new Set([...units.values()].map((u) => u.spec.stopPhase))].sort((a, b) => a - b);
      for (const phase of phases) {
        await Promise.all([...units.values()].filter((u) => u.spec.stopPhase === phase).map(stopUnit));
      }
      await nats?.stop();
      process.off('exit', killAllNow);
    })();
    return stopping;
  }

  const stack: Stack = {
    gatewayUrl,
    natsUrl,
    ports,
    dataDir,
    stop,
    kill(service, signal = 'SIGTERM') {
      if (service === 'nats') {
        nats?.process.kill(signal);
        return;
      }
      const unit = units.get(service);
      if (!unit?.child || !alive(unit.child)) throw new Error(`${service} is not running`);
      if (signal === 'SIGKILL' || signal === 'SIGTERM' || signal === 'SIGINT') unit.ready = false;
      unit.child.kill(signal);
    },
    async restart(service) {
      const unit = units.get(service);
      if (!unit) throw new Error(`${service} is not part of this stack`);
      if (stopping) throw new Error('the stack is stopping');
      unit.expectExit = true;
      try {
        await stopUnit(unit);
      } finally {
        unit.expectExit = false;
      }
      unit.backoffMs = firstBackoffMs;
      spawnService(unit);
      await pollReady(unit, unit.child, readyTimeoutMs);
    },
    pids() {
      const result: Partial<Record<ServiceName | 'nats', number>> = {};
      if (nats && alive(nats.process) && nats.process.pid) result.nats = nats.process.pid;
      for (const [name, unit] of units)
        if (alive(unit.child) && unit.child?.pid) result[name] = unit.child.pid;
      return result;
    },
    async waitReady(service, timeoutMs = readyTimeoutMs) {
      const unit = units.get(service);
      if (!unit) throw new Error(`${service} is not part of this stack`);
      const until = Date.now() + timeoutMs;
      while (!(unit.ready && alive(unit.child))) {
        if (stopping) throw new Error('the stack is stopping');
        if (Date.now() > until) {
          throw new ServiceStartError(service, `was not ready within ${Math.round(timeoutMs / 1000)} s`, [
            ...unit.tail,
          ]);
        }
        await sleep(100);
      }
    },
  };

  try {
    options.signal?.throwIfAborted();
    await startNats();
    for (const spec of specs) {
      const unit: Unit = {
        spec,
        startedAt: 0,
        backoffMs: firstBackoffMs,
        ready: false,
        supervised: false,
        expectExit: false,
        tail: [],
      };
      units.set(spec.name, unit);
      spawnService(unit);
    }
    // All start at once (two cores load seven processes faster together); each must get ready.
    await Promise.all(
      [...units.values()].map(async (unit) => {
        await pollReady(unit, unit.child, readyTimeoutMs, options.signal);
        unit.supervised = true;
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stack;
}

function portEnv(ports: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(ports).map(([key, value]) => [key, String(value)]));
}

async function assignPorts(options: StackOptions, specs: readonly ServiceSpec[]): Promise<StackPorts> {
  const random = options.ports === 'random';
  const overrides = options.portOverrides ?? {};
  // The OS may hand back a port it just gave out (nothing listens on it yet), so random ports are
  // drawn until each is one this stack has not taken already, overrides included (a caller that
  // picked the gateway's port first has only released it, not reserved it).
  const taken = new Set<number>();
  if (typeof overrides.nats === 'number') taken.add(overrides.nats);
  for (const byVariable of Object.values(overrides)) {
    if (byVariable && typeof byVariable === 'object')
      for (const port of Object.values(byVariable)) taken.add(port);
  }
  const freshPort = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const ports = { nats: overrides.nats ?? (random ? await freshPort() : defaultNatsPort) } as StackPorts;
  for (const spec of serviceSpecs) {
    const assigned: Record<string, number> = {};
    for (const [variable, fallback] of Object.entries(spec.ports)) {
      assigned[variable] = overrides[spec.name]?.[variable] ?? (random ? await freshPort() : fallback);
    }
    ports[spec.name] = assigned;
  }
  // Only the ports of what this stack starts must be free; the others are just addresses.
  const needed: Array<[string, string, number]> = [['nats-server', 'port', ports.nats]];
  for (const spec of specs)
    for (const [variable, port] of Object.entries(ports[spec.name])) needed.push([spec.name, variable, port]);
  const seen = new Map<number, string>();
  const busy: BusyPort[] = [];
  for (const [service, variable, port] of needed) {
    const other = seen.get(port);
    if (other) throw new Error(`port ${port} is assigned twice: ${other} and ${service} ${variable}`);
    seen.set(port, `${service} ${variable}`);
    if (port !== 0 && !(await isPortFree(port))) busy.push({ service, variable, port });
  }
  if (busy.length > 0) throw new PortInUseError(busy);
  return ports;
}

/** True when nothing listens on the port (binding 127.0.0.1 also fails when a wildcard bind holds it). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolvePort(true)));
  });
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
