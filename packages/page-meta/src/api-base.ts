/**
 * The app's API on its own host (docs/api.md). A module of its own so the remotes can import it
 * without pulling the shell's whole API client (and its error texts) into their chunks.
 */
export const API_BASE = '/api/v1';
