import { registerMenus } from '../access';
import { DIRECTORY_SLUGS } from '../../../resources/directory';

export { DIRECTORY_SLUGS };

// The directory's catalogue entries, written at start-up (additively) and granted to Super Admin.
registerMenus([
  {
    slug: DIRECTORY_SLUGS.settings,
    name: 'Directory Sign-in',
    parent: 'users',
    icon: 'AccountTree',
    position: 13,
    visible: true,
    method: 'get',
  },
  { slug: DIRECTORY_SLUGS.scimTokens, name: 'SCIM Tokens', parent: 'users', icon: 'AccountTree', position: 14, method: 'post' },
]);
