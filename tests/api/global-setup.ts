import type { TestProject } from 'vitest/node';
import { buildTemplates, type Templates } from './database-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: Templates;
  }
}

/** Migrates each kind of database once for the whole run; every test server starts from a copy. */
export default async function setup(project: TestProject) {
  const { templates, remove } = await buildTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}
