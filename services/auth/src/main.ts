import { addService, notImplemented, runService, serveGrpc, serveHealth } from '@mediakit/kit';
import { authV1 } from '@mediakit/proto';
import { authEnv } from './env.ts';
import { findPlan, plansFromConfig } from './plans.ts';

// Minimal auth service: plans and their limits. Users, sessions and the OpenID Provider come later.
await runService({
  name: 'auth',
  env: authEnv,
  async start({ config, log, onShutdown }) {
    const plans = plansFromConfig(config);

    await serveGrpc({
      address: `${config.HOST}:${config.GRPC_PORT}`,
      log,
      onShutdown,
      register: (server) =>
        addService<authV1.AuthServiceServer>(
          server,
          authV1.AuthServiceService,
          {
            async listPlans() {
              return { plans };
            },
            // Everyone has the free plan until accounts and subscriptions exist.
            async getOwnerPlan() {
              return findPlan(plans, 'free');
            },
            async getUser() {
              throw notImplemented('Accounts are not available yet.');
            },
          },
          log,
        ),
    });
    await serveHealth({ host: config.HOST, port: config.HEALTH_PORT, checks: {}, onShutdown });
  },
});
