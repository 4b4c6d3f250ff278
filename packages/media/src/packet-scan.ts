import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface PacketScanOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  ffprobePath?: string;
}

/**
 * Runs one ffprobe packet listing and hands each output line to `onLine`: the shared runner of
 * duration-scan.ts and frame-rate-scan.ts. True when ffprobe finished cleanly; false when it failed
 * or ran out of time (the caller then knows nothing more); an abort of `signal` is thrown.
 */
export async function runPacketScan(
  args: string[],
  onLine: (line: string) => void,
  opts: PacketScanOptions & { timeoutMs: number },
): Promise<boolean> {
  opts.signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const child = spawn(opts.ffprobePath ?? 'ffprobe', args, {
    stdio: ['ignore', 'pipe', 'ignore'],
    signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
    killSignal: 'SIGKILL',
    windowsHide: true,
  });
  const exited = new Promise<number | null>((done) => {
    child.on('error', () => done(null));
    child.on('close', (code) => done(code));
  });
  for await (const line of createInterface({ input: child.stdout })) onLine(line);
  const code = await exited;
  opts.signal?.throwIfAborted();
  return code === 0;
}
