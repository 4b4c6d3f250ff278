import { createParser } from 'eventsource-parser';

/** One server-sent event: its name and its `data` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser for `text/event-stream`: feed it chunks as they arrive; it returns the
 * events completed so far. Used instead of EventSource because EventSource cannot send the bearer
 * header a signed-in user needs. An event without a name is a `message`, as EventSource has it.
 */
export function createSseParser(): (chunk: string) => SseEvent[] {
  let events: SseEvent[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => events.push({ event: event ?? 'message', data }),
  });
  return (chunk) => {
    events = [];
    parser.feed(chunk);
    return events;
  };
}
