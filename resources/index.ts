import { createRegistry } from './registry';
import type { ResourceDescriptor } from './types';
import { entityDescriptors } from './generated/descriptors';

/**
 * Every entity of the product, in menu order: the folders of resources/ holding an index.ts, listed
 * by scripts/entities.ts (see there why the list is written out).
 */
export const descriptors: readonly ResourceDescriptor[] = entityDescriptors;

export const registry = createRegistry(descriptors);

export * from './types';
export * from './paths';
export { createRegistry, fieldOf, checkUserAccess, type Registry } from './registry';
export * from './rules';
export { users, userAccess } from './users';
// Declared for the server's generic write and read path, not a generated console screen (see the file).
export { notification } from './notification';
export { menu } from './menu';
export { servedBesides } from './besides';
