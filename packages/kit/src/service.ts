import type { Static, TObject } from 'typebox';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { startMetrics } from './metrics/registry.ts';
import { startTelemetry } from './telemetry.ts';

export interface ServiceContext<C> {
  config: C;
  log: Logger;
  /** Registers a cleanup step; steps run in reverse order on SIGTERM/SIGINT. */
  onShutdown(step: () => Promise<unknown> | unknown): void;
}

/**
 * The common life of every service: validate config (a clear message and exit 1 when wrong),
 * logs, telemetry, start, then graceful shutdown on SIGTERM/SIGINT within `shutdownGraceMs`.
 */
export async function runService<T extends TObject>(options: {
  name: string;
  env: T;
  shutdownGraceMs?: number;
  start(
    context: ServiceContext<Static<T> & { LOG_LEVEL: string; OTEL_EXPORTER_OTLP_ENDPOINT?: string }>,
  ): Promise<void>;
}): Promise<void> {
  let config: Static<T> & { LOG_LEVEL: string; OTEL_EXPORTER_OTLP_ENDPOINT?: string };
  try {
    config = loadConfig(options.env) as typeof config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${options.name}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(options.name, config.LOG_LEVEL);
  startMetrics(options.name);
  const steps: Array<() => Promise<unknown> | unknown> = [];
  steps.push(await startTelemetry(options.name, config.OTEL_EXPORTER_OTLP_ENDPOINT));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.warn('shutdown took too long; exiting');
      process.exit(1);
    }, options.shutdownGraceMs ?? 15_000);
    for (const step of steps.reverse()) {
      try {
        await step();
      } catch (error) {
        log.warn({ err: error }, 'shutdown step failed');
      }
    }
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));

  try {
    await options.start({ config, log, onShutdown: (step) => steps.push(step) });
    log.info('started');
  } catch (error) {
    log.fatal({ err: error }, 'failed to start');
    process.exit(1);
  }
}
