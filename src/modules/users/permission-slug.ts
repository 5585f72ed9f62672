/** The slug that lets a viewer set a user's own permissions (spec 000 section 6), named in resources. */
export { USER_PERMISSION_SLUG } from '../../../resources';
