import { checkEveryRoute, variants } from './a11y-variant';

await checkEveryRoute(variants.light);
