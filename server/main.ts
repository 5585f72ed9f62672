import { buildApp } from './app';
import { configFromEnv } from './config';
import { startTracing, tracingWanted } from './ops/tracing';

/** `npm start`: one process serving the console and the API on one port. */
const config = configFromEnv();
// Before the app is built: its logger and its database connection ask whether traces are on.
const tracing = tracingWanted() ? await startTracing() : undefined;
/** The spans still buffered go out before the process ends, bounded: a collector that is down must not hold up a stop. */
const flushTraces = () =>
  tracing ? Promise.race([tracing.shutdown(), new Promise((r) => setTimeout(r, 5_000).unref())]) : Promise.resolve();
const { app, adminCreated, generatedAdminPassword } = await buildApp(config);

/**
 * The last line of defence: a fault that escaped every handler is said in the log with what it
 * was, even with LOG=0. A rejected promise nobody waited for leaves no broken state behind, so the
 * server keeps serving. An uncaught exception may have stopped any piece of work half-way, so the
 * server stops after saying so (exit code 1), letting its supervisor start it again
 * (docs/console.service); each request's own faults never get here (they are answered 500 or 503).
 */
const report = (what: string, err: unknown) => {
  if (config.logger) app.log.error({ err }, what);
  else console.error(what, err);
};
process.on('unhandledRejection', (reason) => {
  report('Unhandled promise rejection (the server keeps serving)', reason);
});
process.on('uncaughtException', (err, origin) => {
  report(`Uncaught exception (${origin}); the server stops so that its supervisor starts it afresh`, err);
  process.exitCode = 1;
  const force = setTimeout(() => process.exit(1), 5_000);
  force.unref();
  void app
    .close()
    .then(flushTraces)
    .finally(() => process.exit(1));
});

await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}/`;
const lines = [
  '',
  `  Hospital console is running: ${url}`,
  `  API: ${url.slice(0, -1)}${config.apiBase}/  (database: ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`,
];
if (generatedAdminPassword) {
  lines.push(
    `  Sign in as "${config.adminUsername}" with the generated password: ${generatedAdminPassword}`,
    '  (shown this once; set ADMIN_PASSWORD before the first start to choose it yourself)',
  );
} else if (adminCreated) {
  lines.push(`  Sign in as "${config.adminUsername}" with the password from ADMIN_PASSWORD.`);
} else {
  lines.push(`  Sign in with your account (the first administrator is "${config.adminUsername}").`);
}
console.log(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(flushTraces)
      .then(() => process.exit(0));
  });
}
