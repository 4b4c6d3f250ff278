import { type Context, context, propagation, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { type Instrumentation, registerInstrumentations } from '@opentelemetry/instrumentation';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry for one service. OpenTelemetry's own instrumentations carry the trace context
 * (W3C `traceparent`) through HTTP and gRPC; NATS has no instrumentation package, so
 * nats/connection.ts writes and reads its headers with `injectTrace`/`extractTrace` below. Spans
 * are exported only when OTEL_EXPORTER_OTLP_ENDPOINT is set; the SDK (and its exporters) load only
 * then. Without it a tracer provider with no span processor still gives every span real ids, so
 * log lines name their trace (logger.ts), and ended spans are simply dropped. The instrumentations
 * patch the modules they trace, so this runs before those load: each service preloads
 * telemetry-register.ts (`node --import`, devstack's service flags).
 */

let stopTelemetry: (() => Promise<void>) | undefined;

/** The instrumentations that carry the trace context; they run with or without an exporter. */
function propagatingInstrumentations(): Instrumentation[] {
  // Health probes arrive every few seconds and belong to no request of a user.
  const probe = /^\/(healthz|readyz)\b/;
  return [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => probe.test(request.url ?? '') }),
    new GrpcInstrumentation(),
  ];
}

/** Starts telemetry once per process (a second call returns the first one's stop). */
export async function startTelemetry(
  service: string,
  endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
): Promise<() => Promise<void>> {
  if (stopTelemetry) return stopTelemetry;
  if (!endpoint) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new BasicTracerProvider());
    registerInstrumentations({ instrumentations: propagatingInstrumentations() });
    stopTelemetry = async () => {};
    return stopTelemetry;
  }
  const [{ NodeSDK }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@fastify/otel'),
  ]);
  // The SDK reads OTEL_EXPORTER_OTLP_ENDPOINT itself and exports traces and metrics over OTLP/HTTP.
  process.env.OTEL_TRACES_EXPORTER ??= 'otlp';
  process.env.OTEL_METRICS_EXPORTER ??= 'otlp';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: `mediakit-${service}`,
    // Fastify's route and hook spans only add detail to exported traces, so they load only here.
    instrumentations: [
      ...propagatingInstrumentations(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  stopTelemetry = () => sdk.shutdown();
  return stopTelemetry;
}

export type Carrier = Record<string, string>;

/** Writes the active trace context into a plain header map (for NATS headers). */
export function injectTrace(carrier: Carrier = {}): Carrier {
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** Reads a trace context from a header map; runs nothing. */
export function extractTrace(carrier: Carrier): Context {
  return propagation.extract(context.active(), carrier);
}

/** The W3C `traceparent` of the active span: stored with a job, so work on it later joins its trace. */
export function activeTraceparent(): string | undefined {
  return injectTrace().traceparent;
}

/**
 * Runs `fn` in the trace of a job, given the `traceparent` stored with it: in the active context
 * when that is already in the job's trace (its spans nest more precisely), else in the job's trace.
 * So timers, advisories and other jobs' events that touch a job log and publish in its trace.
 */
export function inTraceOf<T>(traceparent: string | undefined, fn: () => T): T {
  const active = context.active();
  if (!traceparent) return fn();
  const stored = extractTrace({ traceparent });
  const storedId = trace.getSpanContext(stored)?.traceId;
  return storedId && trace.getSpanContext(active)?.traceId !== storedId ? context.with(stored, fn) : fn();
}

/** Runs `fn` (sync or async) in a span that is a child of `parent` (or of the active context). */
export function inSpan<T>(name: string, fn: (span: Span) => T, parent?: Context): T {
  const tracer = trace.getTracer('mediakit');
  return tracer.startActiveSpan(name, {}, parent ?? context.active(), (span) => {
    const fail = (error: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      span.end();
      throw error;
    };
    let result: T;
    try {
      result = fn(span);
    } catch (error) {
      return fail(error);
    }
    if (!(result instanceof Promise)) {
      span.end();
      return result;
    }
    return result.then((value) => {
      span.end();
      return value;
    }, fail) as T;
  });
}
