import { createRegistry } from './registry';
import type { ResourceDescriptor } from './types';
import { branch } from './branch';
import { group } from './group';
import { designation } from './designation';
import { department } from './department';
import { pharmacyCategory } from './pharmacy-category';
import { medicine } from './medicine';
import { doctors } from './doctors';

/** Every entity of the product, in menu order. Adding an entity = one file + one line here. */
export const descriptors: readonly ResourceDescriptor[] = [
  branch,
  group,
  designation,
  department,
  doctors,
  pharmacyCategory,
  medicine,
];

export const registry = createRegistry(descriptors);

export * from './types';
export * from './paths';
export { createRegistry, fieldOf, type Registry } from './registry';
