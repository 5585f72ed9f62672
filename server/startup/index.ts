/**
 * Start-up steps that run after the tables exist: the Super Admin group and first administrator,
 * and the sample records (the menu catalogue is the access module's: server/modules/access/catalogue.ts). They sit above db/, crud/ and auth/ (they use all
 * three), so the database layer itself imports nothing from the layers above it.
 */
export { ensureAdministrator, ensureSuperAdminGroup } from './super-admin';
export { seedSamples } from './samples';
