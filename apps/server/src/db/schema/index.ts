export * from './merchant.ts';
export * from './account.ts';
