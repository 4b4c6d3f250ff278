// Preloaded into every service (`node --import @mediakit/kit/telemetry-register`, devstack's
// service flags and each Dockerfile's CMD): OpenTelemetry's instrumentations patch http, grpc-js
// and Fastify, which works only if they are registered before those modules load.
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { startTelemetry } from './telemetry.ts';

// ES modules are patched through import-in-the-middle's loader hook, told to wrap only the
// modules an instrumentation asks for (the rest load untouched).
const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

// services/<name>/src/main.ts names the service.
const service = /services\/([^/]+)\/src\/main\.ts$/.exec(process.argv[1] ?? '')?.[1] ?? 'service';
await startTelemetry(service);
await waitForAllMessagesAcknowledged();
