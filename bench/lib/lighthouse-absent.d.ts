// Stands in for Lighthouse's types when bench/node_modules is not installed (the root's `npm ci`
// leaves Lighthouse out; `npm run bench` installs it), so `npm run typecheck` passes either way.
// With Lighthouse installed, tsconfig.json's `paths` picks its real types first.
interface Audit {
  title: string;
  score: number | null;
  numericValue?: number;
  details?: { type: string };
}
// biome-ignore lint/suspicious/noExplicitAny: without Lighthouse there are no types to give
type Untyped = any;
declare function lighthouse(
  url: string,
  flags: object,
): Promise<
  { lhr: { audits: Record<string, Audit>; [key: string]: Untyped }; artifacts: Untyped } | undefined
>;
export default lighthouse;
