import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Debian installs some daemons (nats-server) in /usr/sbin, which is not on a normal user's PATH;
 * look there too so the same machine works for root and for everyone else.
 */
export const extraBinDirs = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The absolute path of an executable on PATH (or in the sbin directories), or undefined. */
export function findExecutable(
  name: string,
  pathEnv: string | undefined = process.env.PATH,
): string | undefined {
  const dirs = [...(pathEnv ?? '').split(delimiter).filter(Boolean), ...extraBinDirs];
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
