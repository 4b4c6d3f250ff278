import { REMOTE_MOUNTS, type RemoteName } from './remote-mounts.ts';

/**
 * The remote whose page `pathname` is, by the shell's mount patterns (`:name` is one segment, a
 * final `*` any rest): lets the shell start fetching that remote before its router has rendered.
 */
export function remoteAt(pathname: string): RemoteName | undefined {
  const names = Object.keys(REMOTE_MOUNTS) as RemoteName[];
  return names.find((name) => REMOTE_MOUNTS[name].some((pattern) => matches(pattern, pathname)));
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  // Like the router: case does not matter, nor a trailing slash.
  const got = pathname.toLowerCase().replace(/\/+$/, '').split('/');
  const rest = want.at(-1) === '*';
  if (rest ? got.length < want.length - 1 : got.length !== want.length) return false;
  return want.every(
    (segment, i) => segment === '*' || (segment.startsWith(':') ? Boolean(got[i]) : segment === got[i]),
  );
}
