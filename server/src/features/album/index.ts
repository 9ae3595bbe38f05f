/**
 * What other features use of 相册: nothing yet beyond the routes app.ts registers. Other slices
 * import this feature only through this file (tools/check-boundaries.mjs).
 */
export { albumRoutes } from './routes';
