import type { Socket } from 'node:net';

/**
 * Lifts the socket's idle timeout (plugins/security.ts) until the returned function puts it back:
 * for a request that holds its connection without a byte either way (an import, `POST /jobs?wait`).
 * Only a real socket has one; inject's stand-in does not.
 */
export /** Lifts the socket's idle timeout until the returned function puts it back (a real socket only). */
function suspendIdleTimeout(socket: Socket | undefined): () => void {
  if (typeof socket?.setTimeout !== 'function') return () => {};
  const idleMs = socket.timeout ?? 0;
  socket.setTimeout(0);
  return () => {
    if (!socket.destroyed) socket.setTimeout(idleMs);
  };
}
