/**
 * Why a target is missed, where the cause is known (found with a profile or by reading the code),
 * printed under the targets table only when that target is missed in the run. Keys are prefixes of
 * the target names in the parts.
 */
const CAUSES: Array<[prefix: string, cause: string]> = [
  [
    'First-load JS',
    "the shell's own first load is most of it before any remote: react-dom (with keycloak-js in the same chunk), react-router's chunk and the Module Federation runtime in the shell's main.js; a tool page then adds the tools remote's remoteEntry.js, which carries a second copy of the Module Federation runtime, and the remote's chunks. The files and their sizes are listed under Web (\"Largest JS files\").",
  ],
  [
    'Lighthouse performance',
    'the gateway sends JavaScript and CSS uncompressed (no gzip or brotli anywhere in services/gateway), which Lighthouse prices as its largest opportunity ("Enable text compression") on its simulated slow 4G; the pages render on the client, so LCP waits for the whole first-load JavaScript (see the first-load JS target). Lighthouse\'s own opportunities per route are listed under Web.',
  ],
  [
    'Video job time',
    'the platform adds a fixed cost per job (the worker copies the input from the files service into its temp dir and probes it, stores and registers the output, and the events travel back; see the overhead column), so the ratio is worst where ffmpeg itself is quickest: the remux (mov-to-mp4) finishes in well under a second.',
  ],
];

export function knownCauses(targetName: string): string | undefined {
  return CAUSES.find(([prefix]) => targetName.startsWith(prefix))?.[1];
}
