import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AuthClient } from '../deps.ts';
import { toPlan } from '../mappers.ts';
import { Plan } from '../schemas.ts';

/** `GET /plans`: the plans and their limits, as the auth service defines them. */
export const plansRoutes: FastifyPluginAsyncTypebox<{ auth: AuthClient }> = async (app, { auth }) => {
  app.get('/plans', { schema: { response: { 200: Type.Object({ plans: Type.Array(Plan) }) } } }, async () => {
    const { plans } = await auth.listPlans({});
    return { plans: plans.map(toPlan) };
  });
};
