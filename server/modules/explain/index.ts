/** The access explainer: explanations from the deciding code, group comparison, view as. See routes.ts. */
export { explainRoutes } from './routes';
