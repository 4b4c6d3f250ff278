/**
 * The mount patterns the shell serves from each remote. A module with no imports, so the gateway
 * can use it too (it preloads a remote page's remote, services/gateway/src/web/boot-hints.ts).
 */
export const REMOTE_MOUNTS = {
  tools: ['/tools', '/tool/:name', '/converter/:name'],
  dashboard: ['/dashboard/*'],
} as const;

export type RemoteName = keyof typeof REMOTE_MOUNTS;
