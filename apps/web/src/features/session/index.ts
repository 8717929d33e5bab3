export { adoptUrlToken } from './adoptUrlToken.ts';
