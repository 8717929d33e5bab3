export { adoptUrlToken } from './adoptUrlToken.ts';
export { useMemberInfoSync } from './useMemberInfoSync.ts';
