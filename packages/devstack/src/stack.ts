import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { distinctFreePort } from './free-port.ts';
import { type StackNats, startStackNats } from './nats-supervisor.ts';
import { serviceNodeFlags } from './service-runtime.ts';
import { type ServiceName, type ServiceSpec, serviceNames, serviceSpecs } from './service-specs.ts';
import { ServiceStartError } from './stack-errors.ts';
import type { Stack, StackOptions, UnitName } from './stack-options.ts';
import { assignPorts, portEnv, type StackPorts, sharedServiceEnv } from './stack-ports.ts';

/**
 * The whole platform on one machine: nats-server with JetStream and every service as a child
 * process on the embedded stores. `npm start` (scripts/launch.ts) and the integration tests
 * both start it through here, so they run the same thing. Its options are in stack-options.ts,
 * what runs in service-specs.ts, its ports in stack-ports.ts.
 */

const defaultFirstBackoffMs = 1000;
const defaultMaxBackoffMs = 30_000;
const stableAfterMs = 60_000;
const tailLines = 40;

interface Unit {
  /** The service's name, or `<service>-<n>` for its n-th replica (n from 2). */
  name: UnitName;
  spec: ServiceSpec;
  /** Its own ports: a replica gets fresh ones. */
  ports: Record<string, number>;
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
  const gatewayUrl = `http://127.0.0.1:${ports.gateway.PORT}`;
  const sharedEnv = sharedServiceEnv(ports, dataDir);
  await mkdir(dataDir, { recursive: true });

  const units = new Map<UnitName, Unit>();
  let nats: StackNats | undefined;
  let stopping: Promise<void> | undefined;

  const readyUrl = (unit: Unit) => `http://127.0.0.1:${unit.ports[unit.spec.readyPort]}/readyz`;
  const alive = (child: ChildProcess | undefined) =>
    !!child && child.exitCode === null && child.signalCode === null;

  // Last resort: if this process exits without stop() (a test that threw, process.exit), take the
  // children with it. Only synchronous work is possible here.
  const killAllNow = () => {
    for (const unit of units.values())
      if (alive(unit.child)) killGroup(unit.child as ChildProcess, 'SIGKILL');
    nats?.killNow();
  };
  process.on('exit', killAllNow);

  function note(unit: Unit, line: string) {
    unit.tail.push(line);
    if (unit.tail.length > tailLines) unit.tail.shift();
    log(unit.name, line);
  }

  function spawnService(unit: Unit) {
    const { spec } = unit;
    const env: Record<string, string> = {};
    const layers = [
      spec.processEnv,
      process.env,
      sharedEnv,
      portEnv(unit.ports),
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
      note(unit, `[devstack] ${unit.name} ${how}; not restarting it`);
      return;
    }
    if (Date.now() - unit.startedAt >= stableAfterMs) unit.backoffMs = firstBackoffMs;
    const delay = unit.backoffMs;
    unit.backoffMs = Math.min(unit.backoffMs * 2, maxBackoffMs);
    note(unit, `[devstack] ${unit.name} ${how}; restarting it in ${delay / 1000} s`);
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
      if (unit.child === child) note(unit, `[devstack] ${unit.name} is ready again`);
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
    const url = readyUrl(unit);
    const until = Date.now() + timeoutMs;
    for (;;) {
      signal?.throwIfAborted();
      if (stopping) throw new Error('the stack is stopping');
      if (unit.child !== child || !alive(child)) {
        const how = child?.signalCode
          ? `was killed by ${child.signalCode}`
          : `exited with code ${child?.exitCode ?? '?'}`;
        throw new ServiceStartError(unit.name, `${how} before it was ready`, [...unit.tail]);
      }
      if (await answers200(url)) {
        unit.ready = true;
        return;
      }
      if (Date.now() > until) {
        throw new ServiceStartError(
          unit.name,
          `did not answer 200 on ${url} within ${Math.round(timeoutMs / 1000)} s`,
          [...unit.tail],
        );
      }
      await sleep(150);
    }
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
      note(unit, `[devstack] ${unit.name} did not stop within ${stopTimeoutMs / 1000} s; killing it`);
      killGroup(child, 'SIGKILL');
      await unit.exited;
    }
  }

  function stop(): Promise<void> {
    stopping ??= (async () => {
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
    get natsUrl() {
      return nats?.url ?? `nats://127.0.0.1:${ports.nats}`;
    },
    get natsCluster() {
      return nats?.cluster;
    },
    ports,
    dataDir,
    stop,
    kill(service, signal = 'SIGTERM') {
      if (service === 'nats') {
        nats?.kill(signal);
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
    readyUrl(name) {
      const unit = units.get(name);
      if (!unit) throw new Error(`${name} is not part of this stack`);
      return readyUrl(unit);
    },
    pids() {
      const result: Record<string, number> = {};
      const natsPid = nats?.pid();
      if (natsPid) result.nats = natsPid;
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
    nats = await startStackNats({
      mode: options.nats ?? 'server',
      dataDir,
      port: ports.nats,
      stopTimeoutMs,
      restartOnCrash: options.restartOnCrash,
      backoff: { firstMs: firstBackoffMs, maxMs: maxBackoffMs, stableAfterMs },
      log,
      stopping: () => !!stopping,
    });
    // On a cluster: every server's URL (a client moves to another when one goes), a copy of each
    // stream on each server.
    sharedEnv.NATS_URL = nats.url;
    if (nats.cluster) sharedEnv.NATS_STREAM_REPLICAS = String(nats.cluster.servers.length);
    const takenPorts = new Set(
      Object.values(ports).flatMap((p: StackPorts[keyof StackPorts]) =>
        typeof p === 'number' ? [p] : Object.values(p),
      ),
    );
    for (const spec of specs) {
      for (let replica = 1; replica <= (options.replicas?.[spec.name] ?? 1); replica++) {
        const unit: Unit = {
          name: replica === 1 ? spec.name : `${spec.name}-${replica}`,
          spec,
          ports: replica === 1 ? ports[spec.name] : await replicaPorts(ports[spec.name], takenPorts),
          startedAt: 0,
          backoffMs: firstBackoffMs,
          ready: false,
          supervised: false,
          expectExit: false,
          tail: [],
        };
        units.set(unit.name, unit);
        spawnService(unit);
      }
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

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** A replica's own ports (its health port above all): free ones, none the stack uses already. */
async function replicaPorts(
  servicePorts: Record<string, number>,
  taken: Set<number>,
): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const variable of Object.keys(servicePorts)) result[variable] = await distinctFreePort(taken);
  return result;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
