/**
 * Whether a process with this pid exists (EPERM: it does, but belongs to someone else). Files
 * named after the process that wrote them (object-store temp files, job temp dirs) are removed
 * once their writer is gone.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
