/** The access feature: menu catalogue, permissions, group integrity. See routes.ts and catalogue.ts. */
export { accessRoutes } from './routes';
export { registerMenus, declaredMenus, PROTECTED_SLUGS, DEFAULT_MENU_ICON, type MenuDeclaration } from './catalogue';
