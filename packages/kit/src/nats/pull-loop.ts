import type { Consumer, JsMsg } from '@nats-io/jetstream';
import type { Logger } from '../logger.ts';

export interface PullLoopOptions {
  /** Read before every pull: the loop ends once it says true. */
  stopping: () => boolean;
  /** Settles one message (ack, nak or term); the next pull waits for it. */
  handle: (msg: JsMsg) => Promise<void>;
  log: Logger;
  /** What a message is, for the log line of a failed pull ("a job", "a webhook delivery"). */
  what: string;
}

/**
 * Pulls a durable consumer's messages one at a time until `stopping()`. A failed pull is logged and
 * tried again a second later. A pull already waiting when stopping began can still bring a
 * message: it is handed back at once (nak) for another replica, not started and abandoned.
 * Ends at most one pull's `expires` (2 s) after stopping began.
 */
export async function pullUntilStopped(consumer: Consumer, options: PullLoopOptions): Promise<void> {
  while (!options.stopping()) {
    let msg: JsMsg | null = null;
    try {
      msg = await consumer.next({ expires: 2000 });
    } catch (error) {
      if (options.stopping()) return;
      options.log.warn({ err: error }, `pulling ${options.what} failed; retrying`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (!msg) continue;
    if (options.stopping()) {
      msg.nak();
      return;
    }
    await options.handle(msg);
  }
}
