/**
 * Why a target is missed, where the cause is known (found with a profile or by reading the code),
 * printed under the targets table only when that target is missed in the run. Keys are prefixes of
 * the target names in the parts. What was found and fixed is in README "Benchmarks".
 */
const CAUSES: Array<[prefix: string, cause: string]> = [
  [
    'Image throughput',
    "the whole platform shares the two cores with libvips. Measured CPU per resize-image job (2725×2225 JPEG, /proc of each process and of the imager's threads over a 120-job run with 6 in flight): imager about 71 ms (libvips' threads about 34, the libuv pool about 16, the main thread about 13, V8's garbage-collection helpers about 8), against about 46 ms per image for raw sharp doing the same work in a loop (libvips 31, libuv 10, main 4); the jobs service about 13 ms (gRPC, NATS, the embedded document store appending every change to its file); the gateway about 8 ms; the bench client, nats-server and the files service about 13 ms together. About 105 ms of CPU per job on 2 cores caps the platform near 19 jobs/s, against 40–55 images/s for sharp alone, whatever the code does per job: 0.8× would leave about 10 ms of CPU per job for HTTP, gRPC, NATS, storage and encryption besides sharp's own. The ratio can only approach the target with more cores than the stack needs besides the imager (or with the imager on its own machine, as deploy/k8s allows). Found and fixed on the way: V8 restarted a full garbage collection in the imager about every 100 ms under load (WORKER_NODE_FLAGS in packages/devstack/src/stack.ts), about 25 ms of CPU per job.",
  ],
  [
    'Image per-job overhead',
    "what is left per job, timed inside the imager one job at a time: fetching and decrypting the 2.4 MB input into the temp dir 3–6 ms, sharp's work 35–40 ms (the raw loop's 34), storing the output (its probe alongside) and registering it 7–11 ms; outside the imager (the submit, the dispatch through JetStream, the `succeeded` event reaching the client's stream) about 10 ms. That is about 20 ms over sharp. On top, some jobs wait for a core: per job, one at a time, the imager process uses about 76 ms of CPU (/proc of each thread over 20 jobs: libvips about 30, the libuv pool about 17, its main thread about 19, V8's garbage-collection helpers about 11) and the jobs service, the gateway, nats-server, the files service and the bench client about 40 ms more: about 115 ms of CPU in a job of about 80 ms on two cores. Not the disk (the same with the temp dir on tmpfs) and no steal by the hypervisor (/proc/stat).",
  ],
  [
    'GET /jobs/{id}',
    "each request costs about 0.5 ms of gateway CPU and 0.25 ms in the jobs service (profiled: Fastify's hooks, helmet rebuilding its headers per request, the gRPC call, the access-log line), so 1,000 req/s keep most of one of the two cores busy; the gateway's own handling time stays under about 3 ms at p99 (its access log), and the rest of the p99 is time the request waits for a core or for the event loop (GC, other requests), which on two shared cores the bench cannot separate from the load generator itself.",
  ],
  [
    'Memory growth',
    "the runtime's own floor is above the target: a bare Node.js HTTP server that only reads the same upload and throws it away, on the same node with the same flags, grows as much or more (the raw reference under Bytes, and the note in this row). Node allocates a fresh buffer for every read from a socket, and V8 frees those buffers only when it collects, which it starts once about 64 MB of such memory has accumulated since the last collection; the peak is that threshold plus what arrives while the collection runs. The growth does not follow the file (a 256 MiB upload grows the gateway about as much as 1 GiB does): the gateway and the files service stream through fixed-size buffers and never hold the file.",
  ],
  [
    'First-load JS',
    "nearly all of a first load is what every page of a React 19 + Module Federation app loads before any of its own code: react-dom's client (about 65 KB gzip), the federation runtime in the shell's main.js (about 33 KB) and in a remote's remoteEntry.js (about 15 KB, most of it the runtime's remote-loading code, which a remote that loads no remotes still carries), the router (about 14 KB) and the query layer (about 11 KB), shared with the remotes through narrow re-exports (packages/web-shared). The pages' own code is already split per page and per tool, and what a page does not show at once (editors, the upload and job-stream code, toasts, the error dialog) loads when needed. The files and their sizes are listed under Web.",
  ],
  [
    'Lighthouse performance',
    "the pages render on the client, so the largest paint waits for the first-load JavaScript (see that target) to arrive and run on Lighthouse's simulated slow 4G and 4× slower CPU. The waits in between are gone: the HTML names every script of the first load (the shell's app and shared chunks, a remote's entry and routes module) and carries the runtime config, code-split parts show as soon as their code is here (not through Suspense, which React holds back 300 ms), and the first render is a transition, sliced so no task blocks for long. What is left is the bytes of the first load (the tool page's is the largest, with its remote, its article and its copy) and their evaluation on the slowed CPU; a tool page's data is preloaded by the HTML too. A run on this 2-core machine varies by a few points (min–max in the table under Web; `BENCH_LIGHTHOUSE_RUNS` sets the runs per route); `BENCH_LIGHTHOUSE_DIR` keeps each run's report and trace (long tasks, the largest-paint element).",
  ],
  [
    'Video fixed overhead',
    "the figure is the difference of two medians (platform minus raw ffmpeg, a few runs each), and on the encodes ffmpeg's own time spreads by up to a second or more from run to run on this shared 2-core machine (the min–max of each row under Video), so a worst job near 1 s there is within ffmpeg's spread rather than the platform's cost. The remux, whose ffmpeg time barely varies, shows the platform's fixed cost directly (its overhead column, about 0.5 s: fetching and decrypting the 55 MB input, the guard's ffprobe, storing, syncing and probing the output, the events; see Video job time for each step). Earlier full runs gave 0.58–0.81 s for the worst job.",
  ],
  [
    'Video job time',
    "the platform keeps its own copy of every input and stores every output, so each job costs at least a copy of the input in and of the output out (the copy floor column: plain file copies, no encryption, no probe). Where ffmpeg is quickest that floor alone is a multiple of ffmpeg's time: the remux (mov-to-mp4) copies 55 MB each way in about as long as ffmpeg takes to rewrite it, so even a platform that did nothing but those two copies could not come near 1.05× (see the note: ffmpeg plus the copy floor). On top of the floor, timed inside the transcoder for the remux's 55 MB on this machine: decrypting the input into the job's temp dir about 100 ms (a plain copy takes about 40; the rest is AES-GCM per 64 KiB chunk and collecting the buffers it allocates), ffprobe reading the input before ffmpeg may touch it (the transcoder's guard) about 85 ms, nearly all of it ffprobe's start-up, and encrypting and storing the output, synced to disk, about 300–350 ms, with the output's own probe running alongside on the same two cores (the same store alone takes 150–250 ms); then registering it and the events, about 15 ms. On the encodes all of it is a few percent.",
  ],
];

export function knownCauses(targetName: string): string | undefined {
  return CAUSES.find(([prefix]) => targetName.startsWith(prefix))?.[1];
}
