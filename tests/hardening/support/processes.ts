import { readdir, readFile } from 'node:fs/promises';

/** Processes whose command line contains `needle` (from /proc: Linux only, like the stack). */
export async function processesMentioning(needle: string): Promise<Array<{ pid: number; cmd: string }>> {
  const found: Array<{ pid: number; cmd: string }> = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!pid || pid === process.pid) continue;
    try {
      const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
      if (cmd.includes(needle)) found.push({ pid, cmd });
    } catch {} // gone meanwhile
  }
  return found;
}

export const processGone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

export async function until<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  what: string,
  everyMs = 50,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
