/** The audit trail: who changed what, chained and append-only. See routes.ts, trail.ts and chain.ts. */
export { auditRoutes } from './routes';
export { createTrail, trailOf, writeIntent, type Trail, type TrailEntry, type AuditAction } from './trail';
export { verifyChain } from './chain';
