import type { MenuDeclaration } from '../access';
import { AUDIT_SLUGS } from '../../../resources/audit';

export { AUDIT_SLUGS };

export const AUDIT_MENUS: readonly MenuDeclaration[] = [
  { slug: 'audit', name: 'Audit', icon: 'WorkHistory', position: 95, visible: true },
  { slug: AUDIT_SLUGS.log, name: 'Audit Log', parent: 'audit', position: 1, visible: true, method: 'get' },
  { slug: AUDIT_SLUGS.history, name: 'Record History', parent: 'audit', position: 2, visible: false, method: 'get' },
  { slug: AUDIT_SLUGS.restore, name: 'Restore and Undelete', parent: 'audit', position: 3, visible: false, method: 'post' },
];
