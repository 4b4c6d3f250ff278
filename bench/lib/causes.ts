/**
 * Why a target is missed, where the cause is known (found with a profile or by reading the code),
 * printed under the targets table only when that target is missed in the run. Keys are prefixes of
 * the target names in the parts. What was found and fixed is in README "Benchmarks".
 */
const CAUSES: Array<[prefix: string, cause: string]> = [
  [
    'Image throughput',
    'the whole platform shares the two cores with libvips. Measured CPU per resize-image job (2725×2225 JPEG, /proc of each process over a 120-job run): imager about 63 ms, of which sharp itself is about 38 ms (the raw loop) and the rest is fetching and decrypting the input into the temp dir, storing and encrypting the output, probing it and the garbage collection all that causes; the jobs service about 9 ms (gRPC, NATS, the embedded document store appending every change to its file); the gateway about 5 ms; files, nats-server and the bench client about 8 ms together. About 85 ms of CPU per job on 2 cores caps the platform near 23 jobs/s, against 50–55 images/s for sharp alone, whatever the code does per job. The ratio can only approach the target with more cores than the stack needs besides the imager (or with the imager on its own machine, as deploy/k8s allows).',
  ],
  [
    'Image per-job overhead',
    "what is left per job, measured with timestamps in the worker: the dispatch reaching the imager (a JetStream pull) about 10 ms after the submit starts, fetching and decrypting the 2.4 MB input into the temp dir about 4 ms, reading its header again (the imager's limits) about 1 ms, storing the output (encrypted, fsynced) and registering it with the files service about 5–8 ms, and the `succeeded` event reaching the browser's stream through the jobs service about 3 ms. On a busy machine each of these waits for a core.",
  ],
  [
    'GET /jobs/{id}',
    "each request costs about 0.5 ms of gateway CPU and 0.25 ms in the jobs service (profiled: Fastify's hooks, helmet rebuilding its headers per request, the gRPC call, the access-log line), so 1,000 req/s keep most of one of the two cores busy; the gateway's own handling time stays under about 3 ms at p99 (its access log), and the rest of the p99 is time the request waits for a core or for the event loop (GC, other requests), which on two shared cores the bench cannot separate from the load generator itself.",
  ],
  [
    'Memory growth',
    "the growth does not follow the file (measured in the gateway: about +63 MiB for a 256 MiB upload, +67 to +76 MiB for 1 GiB; the files service, which copied each encrypted chunk two or three times before, now grows by a few MiB on the upload): the bytes stream through fixed-size buffers, but each buffer is only freed by V8's garbage collector, which collects memory held outside its heap (Buffers) once about 64 MB of it has accumulated since the last collection. The peak is that threshold plus the streams' buffers, not the file.",
  ],
  [
    'First-load JS',
    "what remains is mostly what every page of a React 19 + Module Federation app loads before any tool code: react-dom's client (about 65 KB gzip), the federation runtime in the shell's main.js (about 33 KB), react-router (about 64 KB: it is shared as a singleton between the shell and the remotes, so all of it ships, untree-shaken; Module Federation's shared tree-shaking was tried and gave a remote its own router copy, which breaks routing), @tanstack/react-query (13 KB), the shell's own code (12 KB) and react-toastify (10 KB); a tool page then adds the tools remote: its code (about 31 KB: every tool's copy, forms and editors in one chunk) and its remoteEntry.js (about 15 KB). Meeting 170 KB needs the tool page's code split per tool (editors and copy loaded with the tool) and a lighter toast and query layer, or a first page that does not wait for the federation runtime. The files and their sizes are listed under Web.",
  ],
  [
    'Lighthouse performance',
    "the pages render on the client: the largest paint waits for the first-load JavaScript (see that target) to download and run on Lighthouse's simulated slow 4G and 4× slower CPU; a tool page loads the most. Lighthouse's own opportunities per route are listed under Web.",
  ],
  [
    'Video job time',
    'the platform adds a fixed cost per job (the worker fetches and decrypts the input into its temp dir, probes it, then stores, probes and registers the output, and the events travel back; see the overhead column), so the ratio is worst where ffmpeg itself is quickest: the remux (mov-to-mp4) finishes in well under a second, and a fixed cost of a few hundred milliseconds is already a large multiple of it. On the encodes the same cost is a few percent.',
  ],
];

export function knownCauses(targetName: string): string | undefined {
  return CAUSES.find(([prefix]) => targetName.startsWith(prefix))?.[1];
}
