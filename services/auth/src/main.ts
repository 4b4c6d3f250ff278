import { connectNats, ensureAccountEventsStream, openDocumentStore, runService } from '@mediakit/kit';
import { authEnv } from './env.ts';
import { startAuth } from './start-auth.ts';

// The account service: users, the app session (JWT access tokens, rotating opaque refresh tokens),
// the signing keys and their JWKS, plans. The OpenID Provider joins the HTTP server later.
await runService({
  name: 'auth',
  env: authEnv,
  async start({ config, log, onShutdown }) {
    const store = await openDocumentStore({
      mongodbUrl: config.MONGODB_URL,
      dataDir: config.DATA_DIR,
      service: 'auth',
    });
    // Registered first, so it runs last: after both servers stopped taking requests.
    onShutdown(() => store.close());
    // Account deletions are announced on JetStream for the services that hold users' data.
    const nats = await connectNats(config.NATS_URL, 'auth');
    onShutdown(() => nats.drain());
    await ensureAccountEventsStream(nats);
    await startAuth({ config, store, log, onShutdown, nats });
  },
});
