import { createRegistry } from './registry';
import type { ResourceDescriptor } from './types';
import { users } from './users';
import { branch } from './branch';
import { group } from './group';
import { designation } from './designation';
import { department } from './department';
import { pharmacyCategory } from './pharmacy-category';
import { medicine } from './medicine';
import { doctors } from './doctors';
import { about } from './about';
import { heroSection } from './hero-section';
import { blogVideos } from './blog-videos';
import { blogPhotos } from './blog-photos';
import { experience } from './experience';
import { member } from './member';
import { education } from './education';
import { advice } from './advice';
import { chamber } from './chamber';
import { schedule } from './schedule';
import { opticsCategory } from './optics-category';
import { optics } from './optics';
import { donation } from './donation';
import { ot } from './ot';
import { investigation } from './investigation';

/** Every entity of the product, in menu order. Adding an entity = one file + one line here. */
export const descriptors: readonly ResourceDescriptor[] = [
  users,
  branch,
  group,
  designation,
  department,
  doctors,
  pharmacyCategory,
  medicine,
  about,
  heroSection,
  blogVideos,
  blogPhotos,
  experience,
  member,
  education,
  advice,
  chamber,
  schedule,
  opticsCategory,
  optics,
  donation,
  ot,
  investigation,
];

export const registry = createRegistry(descriptors);

export * from './types';
export * from './paths';
export { createRegistry, fieldOf, checkUserAccess, type Registry } from './registry';
export * from './rules';
export { users, userAccess } from './users';
// Declared for the server's generic write and read path, not a generated console screen (see the file).
export { notification } from './notification';
