/** A person's data (issue 49): subject access export and retention with legal holds. See routes.ts and retention.ts. */
export { privacyRoutes } from './routes';
export { applyRetention, heldPeople, retentionSettings } from './retention';
