import { isSpanContextValid, trace } from '@opentelemetry/api';
import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/** JSON logs on stdout, tagged with the service and, inside a span, its trace id. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceFields,
  });
}

/**
 * The trace id of the active span, if it has a real one. Every span has one once telemetry has
 * started (telemetry.ts), exporter or not; a process without it (a unit test, a script) would get
 * the all-zero id, which names nothing.
 */
export function traceFields(): { trace_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId } : {};
}
