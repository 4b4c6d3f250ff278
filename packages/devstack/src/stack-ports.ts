import { createServer } from 'node:net';
import { distinctFreePort } from './free-port.ts';
import { defaultNatsPort, type ServiceName, type ServiceSpec, serviceSpecs } from './service-specs.ts';
import { type BusyPort, PortInUseError } from './stack-errors.ts';
import type { StackOptions } from './stack-options.ts';

/** The ports of one stack: nats-server's, and each service's by the variable it reads. */
export type StackPorts = { nats: number } & { [S in ServiceName]: Record<string, number> };

/** The addresses every service gets: where NATS, the other services and the shared data are. */
export function sharedServiceEnv(ports: StackPorts, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    NATS_URL: `nats://127.0.0.1:${ports.nats}`,
    AUTH_GRPC_ADDR: `127.0.0.1:${ports.auth.GRPC_PORT}`,
    FILES_GRPC_ADDR: `127.0.0.1:${ports.files.GRPC_PORT}`,
    JOBS_GRPC_ADDR: `127.0.0.1:${ports.jobs.GRPC_PORT}`,
    CONTENT_GRPC_ADDR: `127.0.0.1:${ports.content.GRPC_PORT}`,
    FILES_HTTP_URL: `http://127.0.0.1:${ports.files.HTTP_PORT}`,
    // The auth service's HTTP side: the JWKS that verifies access tokens (and /oidc later).
    AUTH_HTTP_URL: `http://127.0.0.1:${ports.auth.HTTP_PORT}`,
    AUTH_JWKS_URL: `http://127.0.0.1:${ports.auth.HTTP_PORT}/oidc/jwks`,
    // Without PUBLIC_URL the auth service serves sign-in at this machine's addresses on this port.
    GATEWAY_PORT: String(ports.gateway.PORT),
  };
}

export function portEnv(ports: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(ports).map(([key, value]) => [key, String(value)]));
}

export async function assignPorts(
  options: Pick<StackOptions, 'ports' | 'portOverrides'>,
  specs: readonly ServiceSpec[],
): Promise<StackPorts> {
  const random = options.ports === 'random';
  const overrides = options.portOverrides ?? {};
  // The OS may hand back a port it just gave out (nothing listens on it yet), so random ports are
  // drawn until each is one this stack has not taken already, overrides included (a caller that
  // picked the gateway's port first has only released it, not reserved it).
  const taken = new Set<number>();
  if (typeof overrides.nats === 'number') taken.add(overrides.nats);
  for (const byVariable of Object.values(overrides)) {
    if (byVariable && typeof byVariable === 'object')
      for (const port of Object.values(byVariable)) taken.add(port);
  }
  const freshPort = () => distinctFreePort(taken);
  const ports = { nats: overrides.nats ?? (random ? await freshPort() : defaultNatsPort) } as StackPorts;
  for (const spec of serviceSpecs) {
    const assigned: Record<string, number> = {};
    for (const [variable, fallback] of Object.entries(spec.ports)) {
      assigned[variable] = overrides[spec.name]?.[variable] ?? (random ? await freshPort() : fallback);
    }
    ports[spec.name] = assigned;
  }
  // Only the ports of what this stack starts must be free; the others are just addresses.
  const needed: Array<[string, string, number]> = [['nats-server', 'port', ports.nats]];
  for (const spec of specs)
    for (const [variable, port] of Object.entries(ports[spec.name])) needed.push([spec.name, variable, port]);
  const seen = new Map<number, string>();
  const busy: BusyPort[] = [];
  for (const [service, variable, port] of needed) {
    const other = seen.get(port);
    if (other) throw new Error(`port ${port} is assigned twice: ${other} and ${service} ${variable}`);
    seen.set(port, `${service} ${variable}`);
    if (port !== 0 && !(await isPortFree(port))) busy.push({ service, variable, port });
  }
  if (busy.length > 0) throw new PortInUseError(busy);
  return ports;
}

/** True when nothing listens on the port (binding 127.0.0.1 also fails when a wildcard bind holds it). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolvePort(true)));
  });
}
