import { context, INVALID_SPAN_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceFields } from './logger.ts';

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});

describe('log lines and traces', () => {
  it('names the trace of the active span', () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const active = trace.setSpanContext(context.active(), {
      traceId,
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
    });
    expect(context.with(active, traceFields)).toEqual({ trace_id: traceId });
  });

  it('names no trace outside a span, or for a span without a real trace', () => {
    expect(traceFields()).toEqual({});
    const invalid = trace.setSpanContext(context.active(), INVALID_SPAN_CONTEXT);
    expect(context.with(invalid, traceFields)).toEqual({});
  });
});
