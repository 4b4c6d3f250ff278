import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { type MsgHdrs, type NatsConnection, nanos, headers as natsHeaders } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { type Carrier, extractTrace, injectTrace } from '../telemetry.ts';
import {
  JOB_EVENTS_STREAM,
  JOBS_EVENTS_CONSUMER,
  JOBS_STREAM,
  subjects,
  type WorkerName,
} from './subjects.ts';

export type { NatsConnection } from '@nats-io/nats-core';

/**
 * `url` may name several servers, comma-separated (a cluster): the client connects to one and moves
 * to another when it goes. It reconnects forever: a restarted nats-server must not take the service
 * down with it.
 */
export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  const servers = url
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  return connect({ servers, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}

/**
 * How many JetStream servers keep a copy of each stream (`NATS_STREAM_REPLICAS`, 1 by default: one
 * nats-server). A 3-node cluster runs with 3 so a job survives the loss of a server (deploy/k8s
 * prod overlay). Read from the environment here because every stream is created through this module;
 * services also declare it in their config (commonEnv), so a bad value stops them at start.
 */
export function streamReplicas(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.NATS_STREAM_REPLICAS;
  if (raw === undefined || raw === '') return 1;
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5)
    throw new Error(`NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (got ${JSON.stringify(raw)})`);
  return replicas;
}

/** Creates or updates the two job streams. Every service that touches them calls this at start. */
export async function ensureJobStreams(jsm: JetStreamManager): Promise<void> {
  const num_replicas = streamReplicas();
  await upsertStream(jsm, {
    name: JOBS_STREAM,
    num_replicas,
    subjects: [subjects.dispatchAll],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    max_age: nanos(7 * 24 * 3600 * 1000),
    // Publishing the same `<jobId>:<attempt>` twice within this window stores it once.
    duplicate_window: nanos(10 * 60 * 1000),
  });
  await upsertStream(jsm, {
    name: JOB_EVENTS_STREAM,
    num_replicas,
    subjects: [subjects.eventsAll],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(24 * 3600 * 1000),
  });
}

/**
 * Creating a replicated stream or consumer takes a Raft round on a cluster: on a cluster that has
 * just elected its leader, busy with every service starting at once, the API's answer can miss the
 * client's 5 s timeout. The request is idempotent, so it is asked again a few times.
 */
async function retryOnTimeout(what: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await what();
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError' || attempt === 4) throw error;
    }
  }
}

export function upsertStream(
  jsm: JetStreamManager,
  config: Parameters<JetStreamManager['streams']['add']>[0],
): Promise<void> {
  return retryOnTimeout(() => addOrUpdateStream(jsm, config));
}

async function addOrUpdateStream(
  jsm: JetStreamManager,
  config: Parameters<JetStreamManager['streams']['add']>[0],
): Promise<void> {
  try {
    await jsm.streams.info(config.name as string);
    await jsm.streams.update(config.name as string, config);
  } catch (error) {
    if (
      (error as Error).name !== 'StreamNotFoundError' &&
      !/stream not found/i.test((error as Error).message)
    )
      throw error;
    await jsm.streams.add(config);
  }
}

export interface WorkerConsumerOptions {
  /** How long a delivery may go without ack or `working()` before JetStream redelivers it. */
  ackWaitMs: number;
  /** Deliveries before giving up (the jobs service then fails the job). */
  maxDeliver: number;
}

/** The durable pull consumer a worker pool shares: each job goes to exactly one replica. */
export async function ensureWorkerConsumer(
  jsm: JetStreamManager,
  worker: WorkerName,
  options: WorkerConsumerOptions,
): Promise<void> {
  await upsertConsumer(jsm, JOBS_STREAM, {
    durable_name: worker,
    filter_subject: subjects.dispatch(worker),
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(options.ackWaitMs),
    max_deliver: options.maxDeliver,
    deliver_policy: DeliverPolicy.All,
  });
}

/** The jobs service's durable consumer of worker events. */
export async function ensureEventsConsumer(jsm: JetStreamManager): Promise<void> {
  await upsertConsumer(jsm, JOB_EVENTS_STREAM, {
    durable_name: JOBS_EVENTS_CONSUMER,
    filter_subject: subjects.eventsAll,
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(30_000),
    max_deliver: -1,
    deliver_policy: DeliverPolicy.All,
  });
}

export function upsertConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Parameters<JetStreamManager['consumers']['add']>[1],
): Promise<void> {
  return retryOnTimeout(() => addOrUpdateConsumer(jsm, stream, config));
}

async function addOrUpdateConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Parameters<JetStreamManager['consumers']['add']>[1],
): Promise<void> {
  try {
    await jsm.consumers.info(stream, config.durable_name as string);
    await jsm.consumers.update(stream, config.durable_name as string, config);
  } catch (error) {
    if (
      !/consumer not found/i.test((error as Error).message) &&
      (error as Error).name !== 'ConsumerNotFoundError'
    )
      throw error;
    await jsm.consumers.add(stream, config);
  }
}

export async function openJetStreamManager(nc: NatsConnection): Promise<JetStreamManager> {
  return jetstreamManager(nc);
}

/** NATS headers carrying the active trace context (W3C traceparent). */
export function traceHeaders(extra: Record<string, string> = {}): MsgHdrs {
  const h = natsHeaders();
  for (const [key, value] of Object.entries({ ...injectTrace(), ...extra })) h.set(key, value);
  return h;
}

/** The trace context a message carried, to continue its trace. */
export function traceFromHeaders(h: MsgHdrs | undefined) {
  const carrier: Carrier = {};
  if (h) for (const key of h.keys()) carrier[key.toLowerCase()] = h.get(key);
  return extractTrace(carrier);
}
