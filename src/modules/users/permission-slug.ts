/** The slug that lets a viewer set a user's own permissions (spec 000 section 6). */
export const USER_PERMISSION_SLUG = 'permission/permission-create-user';
