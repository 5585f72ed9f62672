import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { CHROMIUM_ARGS, e2eConfig, FOREIGN_HOSTS_UNREACHABLE } from './harness';

/**
 * One Chromium for the whole end-to-end run (each file connects and works in its own context, so
 * nothing is shared but the process), and one database folder (migrated, with its administrator and
 * menu catalogue, no demo records) that each file's server starts from a copy of, instead of
 * preparing its own again.
 */
export default async function setup(project: TestProject) {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-template-'));
  const [server] = await Promise.all([
    chromium.launchServer({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, FOREIGN_HOSTS_UNREACHABLE] }),
    buildApp(e2eConfig(template)).then(({ app }) => app.close()),
  ]);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  project.provide('e2eTemplate', template);
  return async () => {
    await server.close();
    fs.rmSync(template, { recursive: true, force: true });
  };
}
