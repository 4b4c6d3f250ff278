import { trace } from '@opentelemetry/api';
import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/** JSON logs on stdout, tagged with the service and, inside a span, its trace id. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const span = trace.getActiveSpan();
      return span ? { trace_id: span.spanContext().traceId } : {};
    },
  });
}
