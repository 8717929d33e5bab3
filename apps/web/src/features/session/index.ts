export { signInFromLink, takeSignInCode } from './signInFromLink.ts';
export { useMemberInfoSync } from './useMemberInfoSync.ts';
