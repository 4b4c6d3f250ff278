import { context, TraceFlags, trace } from '@opentelemetry/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceFromHeaders, traceHeaders } from './nats/connection.ts';
import { startTelemetry } from './telemetry.ts';

beforeAll(() => startTelemetry('test', undefined));

describe('trace context in NATS headers', () => {
  it('writes traceparent and reads the same trace back', () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = trace.setSpanContext(context.active(), {
      traceId,
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
    });
    const headers = context.with(parent, () => traceHeaders({ 'Nats-Msg-Id': 'job:1' }));
    expect(headers.get('traceparent')).toContain(traceId);
    expect(headers.get('Nats-Msg-Id')).toBe('job:1');
    expect(trace.getSpanContext(traceFromHeaders(headers))?.traceId).toBe(traceId);
  });
});
