import {
  type DispatchMessage,
  decodeJson,
  encodeJson,
  inSpan,
  JOBS_STREAM,
  type JobEvent,
  type JobEventKind,
  jobDurationSeconds,
  type Logger,
  type NatsConnection,
  pullUntilStopped,
  subjects,
  traceFromHeaders,
  traceHeaders,
  type WorkerName,
} from '@mediakit/kit';
import { type Consumer, type JetStreamClient, type JsMsg, jetstream } from '@nats-io/jetstream';
import { throttleProgress } from './progress.ts';
import { type RunJobDeps, runJob } from './run-job.ts';
import { JobFailure, type ToolHandler } from './types.ts';

/** How one delivery of a job ended, as the job duration histogram labels it. */
type Outcome = 'succeeded' | 'failed' | 'canceled' | 'retried' | 'handed_back';

export interface WorkerLoopOptions {
  name: WorkerName;
  handlers: Record<string, ToolHandler<any>>;
  concurrency: number;
  ackWaitMs: number;
  maxDeliver: number;
}

/**
 * Pulls jobs from the worker's durable JetStream consumer, `concurrency` at a time, and turns each
 * outcome into an event and an ack decision:
 * - success, a JobFailure (bad input) or a cancel: event, then ack (the job is done with);
 * - our own error: nak for redelivery, or a failed event once deliveries run out;
 * - shutdown: nak at once, so another replica picks the job up (hand back, not lose).
 * While a job runs, `working()` heartbeats keep JetStream from redelivering it.
 */
export class WorkerLoop {
  private readonly js: JetStreamClient;
  private readonly running = new Map<string, AbortController>();
  /** Jobs canceled before this replica pulled them: dropped on arrival. */
  private readonly canceledEarly = new Map<string, number>();
  private stopping = false;
  private loops: Promise<void>[] = [];

  private readonly nc: NatsConnection;
  private readonly deps: RunJobDeps;
  private readonly options: WorkerLoopOptions;
  private readonly log: Logger;

  constructor(nc: NatsConnection, deps: RunJobDeps, options: WorkerLoopOptions) {
    this.nc = nc;
    this.deps = deps;
    this.options = options;
    this.log = deps.log;
    this.js = jetstream(nc);
  }

  async start(): Promise<void> {
    this.listenForCancels();
    const consumer = await this.js.consumers.get(JOBS_STREAM, this.options.name);
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.pullLoop(consumer));
  }

  /**
   * Stops pulling, hands running jobs back to JetStream (nak, so another replica takes them at once)
   * and waits for the loops to end: at most one pull's `expires` (2 s) plus the handlers' reaction to
   * the abort. Kubernetes' terminationGracePeriodSeconds must cover that (deploy/k8s).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const controller of this.running.values()) controller.abort(new Error('shutdown'));
    await Promise.allSettled(this.loops);
  }

  get activeJobs(): number {
    return this.running.size;
  }

  private pullLoop(consumer: Consumer): Promise<void> {
    return pullUntilStopped(consumer, {
      stopping: () => this.stopping,
      handle: (msg) => this.handle(msg),
      log: this.log,
      what: 'a job',
    });
  }

  private listenForCancels(): void {
    const sub = this.nc.subscribe(subjects.cancelAll);
    (async () => {
      for await (const m of sub) {
        const jobId = m.subject.split('.')[2];
        const controller = this.running.get(jobId);
        if (controller) controller.abort(new Error('canceled'));
        else this.canceledEarly.set(jobId, Date.now());
      }
    })();
    // Forget early cancels after ten minutes: by then the jobs service has long deleted the message.
    setInterval(() => {
      for (const [id, at] of this.canceledEarly) if (Date.now() - at > 600_000) this.canceledEarly.delete(id);
    }, 60_000).unref();
  }

  private async handle(msg: JsMsg): Promise<void> {
    let job: DispatchMessage;
    try {
      job = decodeJson<DispatchMessage>(msg.data);
    } catch {
      this.log.error({ seq: msg.seq }, 'dropping an unreadable dispatch message');
      msg.term();
      return;
    }
    const handler = this.options.handlers[job.tool];
    if (this.canceledEarly.has(job.jobId)) {
      msg.ack();
      return;
    }
    await inSpan(`job ${job.tool}`, () => this.run(msg, job, handler), traceFromHeaders(msg.headers));
  }

  private async run(msg: JsMsg, job: DispatchMessage, handler: ToolHandler | undefined): Promise<void> {
    const log = this.log.child({
      jobId: job.jobId,
      tool: job.tool,
      attempt: job.attempt,
      delivery: msg.info.deliveryCount,
    });
    const controller = new AbortController();
    this.running.set(job.jobId, controller);
    const heartbeat = setInterval(() => msg.working(), Math.max(1000, this.options.ackWaitMs / 3));
    const started = Date.now();
    // A tool this worker has no handler for is not a label value (it did not come from the catalog).
    const timer = jobDurationSeconds.startTimer({ tool: handler ? job.tool : 'unknown' });
    let outcome: Outcome = 'failed';
    try {
      if (!handler) throw new JobFailure(`${job.tool} is not available yet on this worker.`);
      // `started` is sent while the work begins instead of waiting for JetStream's ack first: that
      // wait would add a round trip to every job. The
      // order of events is kept, because one connection's publishes reach the stream in the order
      // they were sent, and the ack is still awaited before the outcome is published, so a failed
      // publish still ends up in settleFailure as before.
      const startedEvent = this.publish(job, 'started', {});
      startedEvent.catch(() => {});
      const progress = throttleProgress(
        (p) => void this.publish(job, 'progress', { progress: p }).catch(() => {}),
      );
      const result = await runJob(this.deps, handler, job, controller.signal, progress);
      await startedEvent;
      await this.publish(job, 'succeeded', {
        progress: 100,
        outputs: result.outputs,
        archive: result.archive,
        ...(result.notes.length ? { notes: result.notes } : {}),
      });
      msg.ack();
      outcome = 'succeeded';
      log.info({ ms: Date.now() - started, outputs: result.outputs.length }, 'job succeeded');
    } catch (error) {
      outcome = await this.settleFailure(msg, job, controller.signal, error, log);
    } finally {
      timer({ outcome });
      clearInterval(heartbeat);
      this.running.delete(job.jobId);
    }
  }

  private async settleFailure(
    msg: JsMsg,
    job: DispatchMessage,
    signal: AbortSignal,
    error: unknown,
    log: Logger,
  ): Promise<Outcome> {
    const reason = signal.aborted ? (signal.reason as Error | undefined)?.message : undefined;
    if (reason === 'shutdown') {
      log.info('handing the job back: this worker is shutting down');
      msg.nak();
      return 'handed_back';
    }
    if (reason === 'canceled') {
      log.info('job canceled');
      await this.publish(job, 'canceled', {}).catch(() => {});
      msg.ack();
      return 'canceled';
    }
    if (error instanceof JobFailure) {
      log.info({ reason: error.message }, 'job failed on its input');
      await this.publish(job, 'failed', { error: { message: error.message, error_log: error.log } }).catch(
        () => {},
      );
      msg.ack();
      return 'failed';
    }
    if (msg.info.deliveryCount < this.options.maxDeliver) {
      log.warn({ err: error }, 'job failed on our side; it will be retried');
      msg.nak(2000 * msg.info.deliveryCount);
      return 'retried';
    }
    log.error({ err: error }, 'job failed on our side too many times');
    await this.publish(job, 'failed', {
      error: {
        message: 'The job could not be completed because of a problem on our side. Please try again.',
      },
    }).catch(() => {});
    msg.ack();
    return 'failed';
  }

  private async publish(job: DispatchMessage, kind: JobEventKind, fields: Partial<JobEvent>): Promise<void> {
    const event: JobEvent = {
      jobId: job.jobId,
      attempt: job.attempt,
      kind,
      at: new Date().toISOString(),
      ...fields,
    };
    await this.js.publish(subjects.event(job.jobId, kind), encodeJson(event), { headers: traceHeaders() });
  }
}
