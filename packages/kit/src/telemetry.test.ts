import { context, isSpanContextValid, TraceFlags, trace } from '@opentelemetry/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceFromHeaders, traceHeaders } from './nats/connection.ts';
import { inSpan, inTraceOf, startTelemetry } from './telemetry.ts';

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

describe('telemetry without an exporter', () => {
  it('gives spans real trace ids, for log lines to name', () => {
    const ids = inSpan('request', (span) => span.spanContext());
    expect(isSpanContextValid(ids)).toBe(true);
  });

  it('runs work on a job in its stored trace, or in the active one when that is the same trace', () => {
    const traceparent = `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01`;
    const active = () => trace.getActiveSpan()?.spanContext();
    const other = inSpan('another job', () => inTraceOf(traceparent, active));
    expect(other).toMatchObject({ traceId: 'ab'.repeat(16), spanId: 'cd'.repeat(8) });
    const same = inTraceOf(traceparent, () =>
      inSpan('job event', (span) => inTraceOf(traceparent, active) === span.spanContext()),
    );
    expect(same).toBe(true);
  });
});
