import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AuthClient } from '../deps.ts';
import { toPlan } from '../mappers.ts';
import { Plan } from '../schemas.ts';

/** `GET /plans`: the plans and their limits, as the auth service defines them. */
export const plansRoutes: FastifyPluginAsyncTypebox<{ auth: AuthClient }> = async (app, { auth }) => {
  const schema = {
    tags: ['catalog'],
    summary: 'List the plans and their limits',
    response: { 200: Type.Object({ plans: Type.Array(Plan) }) },
  };
  app.get('/plans', { schema, config: { scope: 'public' } }, async () => {
    const { plans } = await auth.listPlans({});
    return { plans: plans.map(toPlan) };
  });
};
