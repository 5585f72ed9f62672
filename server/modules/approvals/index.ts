export { approvalsOf } from './service';
export { workflowPolicy, changeRequestPolicy } from './policy';
export { changeRequestRoutes } from './resource-routes';
