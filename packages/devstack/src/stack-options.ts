import type { NatsCluster } from './nats-cluster.ts';
import type { ServiceName } from './service-specs.ts';
import type { StackPorts } from './stack-ports.ts';

/** What startStack (stack.ts) takes, and the running stack it gives back. */

/** One process of the stack: a service, or `<service>-<n>` for its n-th replica (n from 2). */
export type UnitName = ServiceName | `${ServiceName}-${number}`;

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
  /**
   * `server` (default): one nats-server. `cluster`: three clustered on loopback (nats-cluster.ts);
   * every service gets all three URLs in NATS_URL and NATS_STREAM_REPLICAS=3, as in deploy/k8s prod.
   * Cluster servers are not restarted on a crash: the cluster carries on without one.
   */
  nats?: 'server' | 'cluster';
  /** Processes per service (default 1), e.g. `{ transcoder: 2, imager: 2 }`: each has its own ports. */
  replicas?: { [S in ServiceName]?: number };
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
  /** NATS_URL as the services get it: comma-separated on a cluster. */
  readonly natsUrl: string;
  /** The servers, when `nats: 'cluster'`: to find, kill and restart one. */
  readonly natsCluster: NatsCluster | undefined;
  ports: StackPorts;
  dataDir: string;
  /** SIGTERM to services (gateway first, workers next, then the others, nats-server last); SIGKILL after the timeout. */
  stop(): Promise<void>;
  /** Sends a signal to one process, as a crash would; with restartOnCrash it comes back. */
  kill(service: UnitName | 'nats', signal?: NodeJS.Signals): void;
  /** Stops one service gracefully, starts it again and waits until it is ready. */
  restart(service: UnitName): Promise<void>;
  /** Where this process answers /readyz (a replica has its own port). */
  readyUrl(unit: UnitName): string;
  /** Process ids of what is running now, by service (`imager-2` for a replica) and `nats`. */
  pids(): Record<string, number>;
  /** Resolves once the service's current process answers 200 on /readyz. */
  waitReady(service: UnitName, timeoutMs?: number): Promise<void>;
}
