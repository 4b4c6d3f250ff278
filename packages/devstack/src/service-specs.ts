/**
 * What the dev stack (stack.ts) starts: every service, its ports, the order it stops in, and the
 * Node flags and process environment each runs with (the Dockerfiles pass the same).
 */

export type ServiceName = 'auth' | 'files' | 'jobs' | 'content' | 'transcoder' | 'imager' | 'gateway';

export interface ServiceSpec {
  name: ServiceName;
  /** The port variables the service reads, with their defaults. */
  ports: Record<string, number>;
  /** Which of those ports answers GET /readyz. */
  readyPort: string;
  /** Services stop in phases, lowest first: the gateway, then the workers, then the rest. */
  stopPhase: number;
  /** Flags for node itself, besides the ones every service has (service-runtime.ts). */
  nodeFlags?: readonly string[];
  /**
   * Environment for the process itself (read before any code runs, so it cannot be set from the
   * service's code); each Dockerfile's ENV sets the same. A variable set where `npm start` runs wins.
   */
  processEnv?: Readonly<Record<string, string>>;
}

/**
 * A small young generation: 2 MB semi-spaces instead of V8's default, which grows to tens of MB on
 * a large machine. Two kinds of service run with it, for two reasons:
 * - The services on every API request's path (gateway, jobs), for their pauses: a small scavenge
 *   stops the event loop for far less time, and those stops made the tail of API latency.
 * - The files service, for its memory: every upload and download passes through Buffers that live
 *   for one stream step, and V8 gives a Buffer's memory back at a scavenge if it died young, else
 *   only at a full GC. With a large young generation few scavenges happen during a transfer, so
 *   nearly every Buffer waits for a full GC.
 * The measurements: docs/benchmarks.md, "Measurements behind the code".
 */
export const SMALL_YOUNG_GENERATION_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/**
 * When the workers start a full garbage collection: once 70 % of the old generation's headroom is
 * used (90 %: at once), instead of V8's default rule, which starts one whenever the headroom is
 * smaller than the young generation's capacity. A worker's heap is small (its garbage is mostly the
 * buffers of the files it moves, outside the JavaScript heap), so under load that rule started a
 * collection right after each one, freeing next to nothing. The heap still never grows past the
 * limit V8 sets; only the start of each collection moves (measurements: docs/benchmarks.md).
 */
export const WORKER_NODE_FLAGS: readonly string[] = [
  '--incremental-marking-soft-trigger=70',
  '--incremental-marking-hard-trigger=90',
];

/**
 * glibc's malloc asks for transparent huge pages (2 MiB) for its heap, in the services that start
 * child processes: the transcoder (ffprobe on the input, ffmpeg, ffprobe on the output: three per
 * job) and the files service (ffprobe on every uploaded video or audio file). Node starts a child
 * with fork(), and the kernel then marks every page of the service's memory copy-on-write: the
 * service's next write to each page takes a page fault, even after the child has moved on to
 * ffprobe's own image, and huge pages make those faults a fraction as many. ffmpeg's and sharp's
 * own speed do not change with it, so the imager, which starts no child, goes without
 * (measurements: docs/benchmarks.md).
 */
export const SPAWNING_SERVICE_ENV: Readonly<Record<string, string>> = {
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
};

/** Every service, in start order. Adding a service is adding a line here. */
export const serviceSpecs: readonly ServiceSpec[] = [
  { name: 'auth', ports: { GRPC_PORT: 50051, HTTP_PORT: 8083 }, readyPort: 'HTTP_PORT', stopPhase: 2 },
  {
    name: 'files',
    ports: { GRPC_PORT: 50052, HTTP_PORT: 8082 },
    readyPort: 'HTTP_PORT',
    stopPhase: 2,
    nodeFlags: SMALL_YOUNG_GENERATION_FLAGS,
    processEnv: SPAWNING_SERVICE_ENV,
  },
  {
    name: 'jobs',
    ports: { GRPC_PORT: 50053, HEALTH_PORT: 9103 },
    readyPort: 'HEALTH_PORT',
    stopPhase: 2,
    nodeFlags: SMALL_YOUNG_GENERATION_FLAGS,
  },
  { name: 'content', ports: { GRPC_PORT: 50054, HEALTH_PORT: 9104 }, readyPort: 'HEALTH_PORT', stopPhase: 2 },
  {
    name: 'transcoder',
    ports: { HEALTH_PORT: 9105 },
    readyPort: 'HEALTH_PORT',
    stopPhase: 1,
    nodeFlags: WORKER_NODE_FLAGS,
    processEnv: SPAWNING_SERVICE_ENV,
  },
  {
    name: 'imager',
    ports: { HEALTH_PORT: 9106 },
    readyPort: 'HEALTH_PORT',
    stopPhase: 1,
    nodeFlags: WORKER_NODE_FLAGS,
  },
  {
    name: 'gateway',
    ports: { PORT: 8080, METRICS_PORT: 9107 },
    readyPort: 'PORT',
    stopPhase: 0,
    nodeFlags: SMALL_YOUNG_GENERATION_FLAGS,
  },
];

export const serviceNames: readonly ServiceName[] = serviceSpecs.map((s) => s.name);
export const defaultNatsPort = 4222;
