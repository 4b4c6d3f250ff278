import {
  type DispatchInput,
  type DispatchMessage,
  encodeJson,
  inTraceOf,
  JOBS_STREAM,
  jobsTotal,
  type NatsConnection,
  subjects,
  traceHeaders,
} from '@mediakit/kit';
import { type filesV1, jobsV1 } from '@mediakit/proto';
import { type JetStreamClient, type JetStreamManager, jetstream } from '@nats-io/jetstream';
import type { JobDoc } from './job.ts';

/**
 * Everything the jobs service says on NATS: dispatches on the JOBS work queue, cancels to the
 * workers, and job updates for the gateway's event streams.
 */
export class JobBus {
  private readonly nc: NatsConnection;
  private readonly js: JetStreamClient;
  private readonly jsm: JetStreamManager;

  constructor(nc: NatsConnection, jsm: JetStreamManager) {
    this.nc = nc;
    this.js = jetstream(nc);
    this.jsm = jsm;
  }

  /**
   * Queues the job's current attempt for its worker pool and returns the stream sequence. The
   * message id `<jobId>:<attempt>` makes a repeated publish of the same attempt a no-op (JetStream
   * answers with the first message's sequence), while a retry is a new message.
   */
  async dispatch(job: JobDoc, inputs: readonly filesV1.File[]): Promise<number> {
    const message: DispatchMessage = {
      jobId: job._id,
      ownerId: job.ownerId,
      tool: job.tool,
      attempt: job.attempt,
      params: job.params,
      inputs: inputs.map(toDispatchInput),
      expiresAt: job.expiresAt,
    };
    const ack = await this.js.publish(subjects.dispatch(job.worker), encodeJson(message), {
      msgID: `${job._id}:${job.attempt}`,
      headers: inTraceOf(job.traceparent, () => traceHeaders()),
    });
    return ack.seq;
  }

  /** Takes a dispatched message off the queue; one that a worker already finished is gone anyway. */
  async removeDispatch(seq: number): Promise<void> {
    try {
      await this.jsm.streams.deleteMessage(JOBS_STREAM, seq);
    } catch (error) {
      // "no message found" for a deleted or acked sequence, "stream store EOF" past the stream's end.
      if (!/no message found|stream store EOF/i.test((error as Error).message)) throw error;
    }
  }

  /** Tells whichever worker runs the job to stop it (and a worker that pulls it later to drop it). */
  cancel(jobId: string): void {
    this.nc.publish(subjects.cancel(jobId), new Uint8Array(0));
  }

  /**
   * Announces a job's new state; the gateway forwards it to the job's event stream. The headers
   * carry the job's trace (`traceparent`, stored with it), so the SSE write joins that trace.
   */
  announce(job: jobsV1.Job, traceparent: string | undefined): void {
    const headers = inTraceOf(traceparent, () => traceHeaders());
    this.nc.publish(subjects.update(job.id), jobsV1.Job.encode(job).finish(), { headers });
  }

  /** Announces a job that has just entered `job.status`, and counts it (`mediakit_jobs_total`). */
  announceStatus(job: jobsV1.Job, traceparent: string | undefined): void {
    jobsTotal.inc({ tool: job.tool, status: job.status });
    this.announce(job, traceparent);
  }
}

function toDispatchInput(file: filesV1.File): DispatchInput {
  const input: DispatchInput = {
    fileId: file.id,
    objectKey: file.objectKey,
    name: file.name,
    mime: file.mime,
    format: file.format,
    media: file.media as DispatchInput['media'],
  };
  // Only what was probed: an absent field stays absent rather than becoming 0 or false.
  if (file.width !== undefined) input.width = file.width;
  if (file.height !== undefined) input.height = file.height;
  if (file.duration !== undefined) input.duration = file.duration;
  if (file.fps !== undefined) input.fps = file.fps;
  if (file.hasAudio !== undefined) input.hasAudio = file.hasAudio;
  if (file.videoCodec !== undefined) input.videoCodec = file.videoCodec;
  if (file.audioCodec !== undefined) input.audioCodec = file.audioCodec;
  return input;
}
