/**
 * Why a target is missed, where the cause is known (found with a profile or by reading the code),
 * printed under the targets table only when that target is missed in the run. Keys are prefixes of
 * the target names in the parts. How each cause was found is in the git history of this file.
 */
const CAUSES: Array<[prefix: string, cause: string]> = [
  [
    'Image CPU outside libvips',
    "the table under Images splits it by process. Profiles of the same job, read from /proc per thread, put the imager's share beyond raw sharp's in its libuv pool (fetching and decrypting the input, encrypting and storing the output), its main thread (gRPC, NATS, the job's steps) and V8's garbage collection; the jobs service's in gRPC, NATS and the embedded document store appending every change to its file; the gateway's in HTTP and the job's event stream. No one step dominates.",
  ],
  [
    'Image job latency',
    "one job's path besides sharp's work: the submit, the dispatch through JetStream, fetching and decrypting the 2.4 MB input into the temp dir, storing the output (its probe alongside) and registering it, and the `succeeded` event reaching the client's stream, each a few ms to about 10 when timed inside the imager. On two cores part of it is also waiting for a core while the other processes of the stack spend their share of the job's CPU (the CPU table under Images).",
  ],
  [
    'Video encode time',
    'a job\'s time is ffmpeg\'s own plus the fixed overhead (the next target), so an encode of a few seconds misses by about the overhead divided by its length. ffmpeg\'s own time also spreads by up to a second from run to run on two shared cores: compare "raw ffmpeg s" with "ffmpeg in the job s" under Video. The note gives ffmpeg plus the copy floor, what any platform that keeps its own copy of the input and stores the output pays at least.',
  ],
  [
    'Video fixed overhead',
    "most of it is starting processes: each video job starts three (the guard's ffprobe on the input, ffmpeg, the output's ffprobe), and on this VM each costs 115–200 ms before it reads a byte (perf: half in the dynamic loader binding the 215 shared libraries of Debian's ffmpeg build, most of the rest in page faults under the VM's paravirtualized memory). The rest: fetching and decrypting the input into the job's temp dir, storing the output encrypted and synced to disk, registering it and the events reaching the client. Both probes stay: the guard reads the very file ffmpeg is about to read, and the output's probe proves it can be read back before it is registered.",
  ],
  [
    'Audio encode time',
    'ffmpeg in the job takes as long as raw ffmpeg ("ffmpeg in the job s" under Audio); the rest is the fixed overhead of the Video part plus moving a large uncompressed input: an MP3 encode runs at well over 100× real time, so 10 minutes of WAV (about 106 MB) are fetched and decrypted into the job\'s temp dir in a sizeable fraction of the encode\'s few seconds.',
  ],
  [
    'GET /jobs/{id}',
    "the requests queue for the two cores: at 1,000 req/s each request costs about 1.2 ms of CPU across the gateway (Fastify's hooks, the gRPC call, the access-log line, garbage collection), the jobs service (gRPC, the store's lookup) and the bench's own load generator, 60 % of both cores. Slow requests come in clusters: a process held off a core for 10–25 ms, then a burst of queued requests, and the full garbage collections of the gateway and the jobs service (17–60 ms every 5–15 s), whose old generation fills with the gRPC client's per-call objects promoted while requests wait. Consecutive 10 s rounds of the same stack gave p99 from 17 to 255 ms.",
  ],
  [
    'Memory growth',
    "the runtime's own floor for reading an upload from a socket is above the target: a bare Node.js HTTP server that only reads the same upload grows as much or more (the raw reference under Bytes). Node allocates a fresh buffer for every socket read, and V8 frees one only when it collects it, at a full GC once about 64 MB of such memory has gathered. The growth does not follow the file's size: the gateway and the files service stream through fixed-size buffers and never hold the file.",
  ],
  [
    'First-load JS',
    "nearly all of a first load is what every page of a React 19 + Module Federation app loads before any of its own code: react-dom's client (about 65 KB gzip), the federation runtime in the shell's main.js (about 33 KB) and in a remote's remoteEntry.js (about 15 KB), the router (about 14 KB) and the query layer (about 11 KB), shared with the remotes through narrow re-exports (packages/web-shared). The pages' own code is split per page and per tool, and what a page does not show at once loads when needed. The files and their sizes are listed under Web.",
  ],
  [
    'Lighthouse performance',
    "the pages render on the client, so the largest paint waits for the first-load JavaScript (see that target) to arrive and run on Lighthouse's simulated slow 4G and 4× slower CPU; the HTML already names every script of the first load and carries the runtime config. The 4× slowdown applies on top of the host's own speed, so a run on this 2-core machine varies by a few points (min–max and the host CPU column under Web; `BENCH_LIGHTHOUSE_RUNS` sets the runs per route, `BENCH_LIGHTHOUSE_DIR` keeps each run's report and trace). A header painted as static HTML before the scripts was tried and left out: Lighthouse then counts the scripts' evaluation as blocking time, and the tool page's score fell.",
  ],
];

/** The known cause of a miss and the prefix it is filed under (targets sharing one print it once). */
export function knownCause(targetName: string): { prefix: string; cause: string } | undefined {
  const found = CAUSES.find(([prefix]) => targetName.startsWith(prefix));
  return found && { prefix: found[0], cause: found[1] };
}
