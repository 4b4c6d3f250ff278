import { type Context, context, propagation, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * OpenTelemetry for one service. Trace context always travels (W3C `traceparent` in gRPC metadata
 * and NATS headers), so logs of one request share a trace id across services. Spans are exported
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set; the SDK (and its exporters) load only then.
 */
export async function startTelemetry(
  service: string,
  endpoint: string | undefined,
): Promise<() => Promise<void>> {
  if (!endpoint) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    return async () => {};
  }
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  // The SDK reads OTEL_EXPORTER_OTLP_ENDPOINT itself and exports traces and metrics over OTLP/HTTP.
  process.env.OTEL_TRACES_EXPORTER ??= 'otlp';
  process.env.OTEL_METRICS_EXPORTER ??= 'otlp';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({ serviceName: `mediakit-${service}` });
  sdk.start();
  return () => sdk.shutdown();
}

export type Carrier = Record<string, string>;

/** Writes the active trace context into a plain header map (for NATS headers and gRPC metadata). */
export function injectTrace(carrier: Carrier = {}): Carrier {
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** Reads a trace context from a header map; runs nothing. */
export function extractTrace(carrier: Carrier): Context {
  return propagation.extract(context.active(), carrier);
}

/** Runs `fn` in a span that is a child of `parent` (or of the active context). */
export async function inSpan<T>(name: string, fn: (span: Span) => Promise<T>, parent?: Context): Promise<T> {
  const tracer = trace.getTracer('mediakit');
  return tracer.startActiveSpan(name, {}, parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
