export { fieldRulesRoutes } from './routes';
export { fieldRulesOf } from './context';
