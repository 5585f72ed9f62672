/**
 * Start-up steps that run after the tables exist: the Super Admin group and first administrator,
 * the menu catalogue, and the sample records. They sit above db/, crud/ and auth/ (they use all
 * three), so the database layer itself imports nothing from the layers above it.
 */
export { ensureAdministrator, ensureSuperAdminGroup } from './super-admin';
export { syncMenuCatalogue } from './menu-catalogue';
export { seedSamples } from './seed-samples';
