export * from './merchant.ts';
export * from './account.ts';
export * from './ledger.ts';
export * from './jobs.ts';
