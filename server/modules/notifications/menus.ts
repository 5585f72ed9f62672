import type { MenuDeclaration } from '../access';

/** The notification admin's catalogue entries (spec 000 section 6), registered by routes.ts. */
export const NOTIFICATION_MENUS: readonly MenuDeclaration[] = [
  { slug: 'notification', name: 'Notification', icon: 'Notifications', position: 60, visible: true },
  { slug: 'notification/notification-list', name: 'Notification List', parent: 'notification', position: 1, visible: true, method: 'get' },
  { slug: 'notification/get-notification', name: 'Notification View', parent: 'notification', position: 2, visible: false, method: 'get' },
  {
    slug: 'notification/notification-create',
    name: 'Notification Create',
    parent: 'notification',
    position: 3,
    visible: false,
    method: 'post',
  },
  {
    slug: 'notification/notification-update',
    name: 'Notification Update',
    parent: 'notification',
    position: 4,
    visible: false,
    method: 'put',
  },
  {
    slug: 'notification/notification-delete',
    name: 'Notification Delete',
    parent: 'notification',
    position: 5,
    visible: false,
    method: 'delete',
  },
];
