/** Why startStack (stack.ts) could not start the stack, for the launcher to say in words. */

export interface BusyPort {
  service: string;
  variable: string;
  port: number;
}

/**
 * Ports the stack needs are taken by other processes. Names the gateway's port when it is among
 * them (the usual case: Mediakit already runs, or another app holds 8080), else the first one;
 * `busy` lists them all.
 */
export class PortInUseError extends Error {
  readonly service: string;
  readonly variable: string;
  readonly port: number;
  readonly busy: BusyPort[];
  constructor(busy: BusyPort[]) {
    const main = busy.find((b) => b.service === 'gateway') ?? busy[0];
    const others = busy.filter((b) => b !== main).map((b) => b.port);
    super(
      `port ${main.port} (${main.service} ${main.variable}) is already in use${others.length ? ` (and ${others.join(', ')})` : ''}`,
    );
    this.name = 'PortInUseError';
    this.service = main.service;
    this.variable = main.variable;
    this.port = main.port;
    this.busy = busy;
  }
}

/** A service never got ready, or exited before it did. Carries its last log lines. */
export class ServiceStartError extends Error {
  readonly service: string;
  readonly logTail: string[];
  constructor(service: string, reason: string, logTail: string[]) {
    const tail = logTail.length
      ? `\nIts last log lines:\n${logTail.map((l) => `  ${l}`).join('\n')}`
      : '\nIt logged nothing.';
    super(`${service} ${reason}.${tail}`);
    this.name = 'ServiceStartError';
    this.service = service;
    this.logTail = logTail;
  }
}
