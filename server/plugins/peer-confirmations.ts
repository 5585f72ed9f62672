import fp from 'fastify-plugin';

/**
 * An answer that ends sessions or changes permissions waits until every other instance has
 * dropped what it kept of them (server/cluster/relay.ts, at most the bus's CONFIRM_MS), so that
 * what the answer acknowledges holds on every instance from the next request.
 * Without other instances (no `REDIS_URL`) there is nothing to wait for, and no hook.
 */
export default fp(async (app) => {
  if (!app.cluster.shared) return;
  // A callback hook, not an async one: the common case (nothing waiting) allocates no promise.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const waiting = app.cluster.confirmations();
    if (!waiting) {
      done(null, payload);
      return;
    }
    void waiting.then(() => {
      done(null, payload);
    });
  });
});
