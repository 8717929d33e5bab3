export { SystemStatusContext, useSystemStatus, useWhitelabel } from './context.ts';
export type { CachedBrand } from './context.ts';
