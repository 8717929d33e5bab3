import type { AppContext } from '../context.ts';

/** Demo data beyond the brand. Each feature adds its seeder here, always through its service. */
export const seedDemo = async (_ctx: AppContext): Promise<void> => {};
