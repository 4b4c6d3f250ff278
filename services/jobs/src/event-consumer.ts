import {
  decodeJson,
  inSpan,
  JOB_EVENTS_STREAM,
  JOBS_EVENTS_CONSUMER,
  type JobEvent,
  type Logger,
  type NatsConnection,
  traceFromHeaders,
} from '@mediakit/kit';
import { type ConsumerMessages, type JsMsg, jetstream } from '@nats-io/jetstream';

export type JobEventHandler = (event: JobEvent) => Promise<unknown>;

/** Retries of one event before it is handed back to JetStream; later events wait meanwhile. */
const RETRIES = 5;

/**
 * Reads worker events from the durable `jobs` consumer on JOB_EVENTS one at a time, in stream
 * order, and acks each only once its write is done: a crash replays what was not yet applied, and
 * applying an event twice changes nothing. A failing write is retried in place (keeping the order
 * of a job's events) before the message is handed back.
 */
export class JobEventConsumer {
  private readonly nc: NatsConnection;
  private readonly handle: JobEventHandler;
  private readonly log: Logger;
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;

  constructor(nc: NatsConnection, handle: JobEventHandler, log: Logger) {
    this.nc = nc;
    this.handle = handle;
    this.log = log;
  }

  /** Starts consuming; the stream and the durable consumer must exist (ensureEventsConsumer). */
  async start(): Promise<void> {
    const consumer = await jetstream(this.nc).consumers.get(JOB_EVENTS_STREAM, JOBS_EVENTS_CONSUMER);
    const messages = await consumer.consume({ max_messages: 64 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const msg of messages) {
        if (this.stopping) break;
        await this.process(msg);
      }
    })();
  }

  /** Stops after the event in hand; unacked buffered events are redelivered to the next consumer. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.messages?.close();
    await this.loop;
  }

  private async process(msg: JsMsg): Promise<void> {
    let event: JobEvent;
    try {
      event = decodeJson<JobEvent>(msg.data);
      if (typeof event.jobId !== 'string' || typeof event.attempt !== 'number')
        throw new Error('not a job event');
    } catch {
      this.log.error({ subject: msg.subject, seq: msg.seq }, 'dropping an unreadable job event');
      msg.term();
      return;
    }
    // In the job's trace (the worker's headers), retries and their log lines included.
    await inSpan(`job event ${event.kind}`, () => this.apply(msg, event), traceFromHeaders(msg.headers));
  }

  private async apply(msg: JsMsg, event: JobEvent): Promise<void> {
    for (let retry = 0; ; retry++) {
      try {
        await this.handle(event);
        msg.ack();
        return;
      } catch (error) {
        if (this.stopping || retry >= RETRIES) {
          this.log.error(
            { err: error, jobId: event.jobId, kind: event.kind },
            'applying a job event failed; handing it back',
          );
          msg.nak(5000);
          return;
        }
        this.log.warn(
          { err: error, jobId: event.jobId, kind: event.kind, retry },
          'applying a job event failed; retrying',
        );
        msg.working();
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** retry));
      }
    }
  }
}
