import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FilesClient, JobsClient } from '../deps.ts';
import type { Plans } from '../plans.ts';
import { type Owner, requireUser } from '../plugins/identity.ts';

export interface StatsRoutesOptions {
  files: FilesClient;
  jobs: JobsClient;
  plans: Plans;
}

const Counts = Type.Object({
  total: Type.Integer(),
  queued: Type.Integer(),
  running: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  canceled: Type.Integer(),
});
const Stats = Type.Object({
  jobs: Counts,
  files: Type.Object({ count: Type.Integer(), bytes: Type.Number() }),
  plan: Type.String(),
});

const NO_JOBS = { total: 0, queued: 0, running: 0, succeeded: 0, failed: 0, canceled: 0 };
const PAGE = 100;
/** Enough for any owner within retention; a bound so one request cannot walk an unbounded list. */
const MAX_PAGES = 100;

/**
 * `GET /stats`, for signed-in users (docs/api.md "Jobs"): guests get 401. `plan` is the one in effect now
 * (the subscription's, asked of the auth service on every call, so an upgrade shows at once).
 * The files service has no totals call, so the owner's files are summed page by page.
 */
export const statsRoutes: FastifyPluginAsyncTypebox<StatsRoutesOptions> = async (
  app,
  { files, jobs, plans },
) => {
  async function fileTotals(owner: Owner) {
    let count = 0;
    let bytes = 0;
    let cursor = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await files.listFiles({
        ownerId: owner.id,
        media: '',
        cursor,
        limit: PAGE,
        uploadsOnly: false,
      });
      count += result.items.length;
      for (const file of result.items) bytes += Number(file.size);
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    return { count, bytes };
  }

  const schema = {
    tags: ['jobs'],
    summary: "The signed-in user's totals and plan",
    response: { 200: Stats },
  };
  app.get('/stats', { schema, config: { scope: 'jobs:read' } }, async (request) => {
    const owner = requireUser(request);
    const plan = await plans.forOwner(owner);
    const [stats, totals] = await Promise.all([jobs.getStats({ ownerId: owner.id }), fileTotals(owner)]);
    return { jobs: { ...NO_JOBS, ...stats.jobs }, files: totals, plan: plan.id };
  });
};
