import { registerMenus } from '../access';
import { PRIVACY_SLUGS } from '../../../resources/privacy';

export { PRIVACY_SLUGS };

// The privacy module's catalogue entries, written at start-up (additively) and granted to Super Admin.
registerMenus([
  { slug: 'privacy', name: 'Privacy', icon: 'Badge', position: 96, visible: false },
  { slug: PRIVACY_SLUGS.subjectAccess, name: 'Subject Access Export', parent: 'privacy', position: 1, method: 'get' },
]);
