import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { observeHttpRequest } from './http.ts';
import { metricsRegistry } from './registry.ts';

describe('observeHttpRequest', () => {
  it('labels requests by route pattern, and every unmatched URL as one route', async () => {
    const app = Fastify();
    app.addHook('onResponse', async (request, reply) => observeHttpRequest(request, reply));
    app.get('/things/:id', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/things/abc123' });
    await app.inject({ method: 'GET', url: '/things/def456' });
    await app.inject({ method: 'GET', url: '/no/such/secret-path' });
    await app.close();

    const text = await metricsRegistry.getSingleMetricAsString('mediakit_http_request_duration_seconds');
    expect(text).toContain(
      'mediakit_http_request_duration_seconds_count{method="GET",route="/things/:id",status_class="2xx"} 2',
    );
    expect(text).toContain(
      'mediakit_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"} 1',
    );
    expect(text).not.toMatch(/abc123|def456|secret-path/);
  });
});
