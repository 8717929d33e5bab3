export { takeSignInCode } from './takeSignInCode.ts';
export { useMemberInfoSync } from './useMemberInfoSync.ts';
