import { buildApp } from './app';
import { configFromEnv } from './config';

/** `npm start`: one process serving the console and the API on one port. */
const config = configFromEnv();
const { app, adminCreated, generatedAdminPassword } = await buildApp(config);
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
    void app.close().then(() => process.exit(0));
  });
}
