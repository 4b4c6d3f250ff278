// Preloaded into every service the stack starts (`node --import <this file> services/x/src/main.ts`):
// if the stack's process dies without stopping its children (SIGKILL, a crashed test worker), the
// service notices it was orphaned and shuts down gracefully instead of holding its ports forever.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();
