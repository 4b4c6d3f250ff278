import {
  addService,
  GrpcServer,
  listenGrpc,
  notImplemented,
  runService,
  startHealthServer,
  stopGrpc,
} from '@mediakit/kit';
import { authV1 } from '@mediakit/proto';
import { authEnv } from './env.ts';
import { findPlan, plansFromConfig } from './plans.ts';

// Minimal auth service: plans and their limits. Users, sessions and the OpenID Provider come later.
await runService({
  name: 'auth',
  env: authEnv,
  async start({ config, log, onShutdown }) {
    const plans = plansFromConfig(config);

    const server = new GrpcServer();
    // Pick drops grpc-js's index signature, which would otherwise make every handler `never`.
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
    );
    const grpcPort = await listenGrpc(server, `${config.HOST}:${config.GRPC_PORT}`);
    onShutdown(() => stopGrpc(server));
    log.info({ port: grpcPort }, 'gRPC listening');

    const health = await startHealthServer({ host: config.HOST, port: config.HEALTH_PORT, checks: {} });
    onShutdown(() => new Promise((resolve) => health.close(resolve)));
  },
});
