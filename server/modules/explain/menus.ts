import { registerMenus } from '../access';
import { EXPLAIN_SLUGS } from '../../../resources/explain';

export { EXPLAIN_SLUGS };

// The explainer's catalogue entries, written at start-up (additively) and granted to Super Admin.
registerMenus([
  { slug: EXPLAIN_SLUGS.check, name: 'Check Access', parent: 'users', icon: 'People', position: 7, visible: true, method: 'get' },
  { slug: EXPLAIN_SLUGS.viewAs, name: 'View As', parent: 'users', icon: 'People', position: 8, method: 'post' },
  { slug: EXPLAIN_SLUGS.compare, name: 'Compare Groups', parent: 'group', icon: 'Groups', position: 7, visible: true, method: 'get' },
]);
