import { join } from 'node:path';
import { distinctFreePort } from './free-port.ts';
import { type NatsServerHandle, startNatsServer } from './nats-server.ts';

/**
 * A JetStream cluster of real nats-servers on loopback, as the prod overlay runs it
 * (deploy/k8s/overlays/prod/nats-cluster.yaml): each server its own store, client port, route port
 * and monitoring port, all routed to each other. Streams with 3 replicas survive the loss of one.
 */

export interface NatsClusterServer {
  /** The server's name in the cluster (`server_name`), as stream info's `cluster.leader` reports it. */
  name: string;
  url: string;
  /** Its monitoring endpoint (`/jsz`, `/routez`). */
  monitorUrl: string;
  /** Whether its process is running. */
  running(): boolean;
  /** Sends the signal, as a crash or an operator would (`SIGKILL` = kill -9). */
  kill(signal?: NodeJS.Signals): void;
  /** Starts it again on the same ports and store; resolves once it is back in the cluster. */
  start(): Promise<void>;
  pid(): number | undefined;
}

export interface NatsCluster {
  /** Every server's client URL, for NATS_URL (comma-separated). */
  urls: string[];
  servers: NatsClusterServer[];
  stop(): Promise<void>;
}

export async function startNatsCluster(options: {
  /** Each server stores under `<dir>/<name>`. */
  dir: string;
  size?: number;
  onLog?: (server: string, line: string) => void;
  /** Each server in its own process group, as startNatsServer's `detached`. */
  detached?: boolean;
  stopTimeoutMs?: number;
  readyTimeoutMs?: number;
}): Promise<NatsCluster> {
  const size = options.size ?? 3;
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const members: Array<{ name: string; port: number; routePort: number; monitorPort: number }> = [];
  const taken = new Set<number>();
  const port = () => distinctFreePort(taken);
  for (let i = 1; i <= size; i++)
    members.push({
      name: `nats-${i}`,
      port: await port(),
      routePort: await port(),
      monitorPort: await port(),
    });
  const routes = members.map((m) => `nats://127.0.0.1:${m.routePort}`).join(',');

  const handles = new Map<string, NatsServerHandle>();
  const launch = async (member: (typeof members)[number]) => {
    const handle = await startNatsServer({
      storeDir: join(options.dir, member.name),
      port: member.port,
      detached: options.detached,
      stopTimeoutMs: options.stopTimeoutMs,
      onLog: (line) => options.onLog?.(member.name, line),
      extraArgs: [
        ...['--server_name', member.name, '--http_port', String(member.monitorPort)],
        ...['--cluster_name', 'mediakit', '--cluster', `nats://127.0.0.1:${member.routePort}`],
        ...['--routes', routes],
      ],
    });
    handles.set(member.name, handle);
  };
  const alive = (name: string) => {
    const child = handles.get(name)?.process;
    return !!child && child.exitCode === null && child.signalCode === null;
  };

  const servers: NatsClusterServer[] = members.map((member) => {
    const monitorUrl = `http://127.0.0.1:${member.monitorPort}`;
    return {
      name: member.name,
      url: `nats://127.0.0.1:${member.port}`,
      monitorUrl,
      running: () => alive(member.name),
      kill(signal = 'SIGTERM') {
        handles.get(member.name)?.process.kill(signal);
      },
      async start() {
        if (alive(member.name)) throw new Error(`${member.name} is already running`);
        await launch(member);
        await waitForMetaLeader([monitorUrl], readyTimeoutMs);
      },
      pid: () => (alive(member.name) ? handles.get(member.name)?.process.pid : undefined),
    };
  });

  const stop = async () => {
    await Promise.all([...handles.values()].map((h) => h.stop()));
  };
  try {
    await Promise.all(members.map(launch));
    await waitForMetaLeader(
      servers.map((s) => s.monitorUrl),
      readyTimeoutMs,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls: servers.map((s) => s.url), servers, stop };
}

/**
 * Resolves once every one of these servers knows JetStream's meta leader and calls itself healthy
 * (its JetStream state is current): the cluster can place replicated streams.
 */
async function waitForMetaLeader(monitorUrls: string[], timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (const url of monitorUrls) {
    for (;;) {
      if ((await metaLeader(url)) !== undefined && (await healthy(url))) break;
      if (Date.now() > until)
        throw new Error(
          `the NATS cluster elected no JetStream leader within ${Math.round(timeoutMs / 1000)} s`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** The JetStream meta leader as this server sees it (its /jsz monitoring endpoint). */
async function metaLeader(monitorUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${monitorUrl}/jsz`, { signal: AbortSignal.timeout(2000) });
    const info = (await response.json()) as { meta_cluster?: { leader?: string } };
    return info.meta_cluster?.leader || undefined;
  } catch {
    return undefined;
  }
}

async function healthy(monitorUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${monitorUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
