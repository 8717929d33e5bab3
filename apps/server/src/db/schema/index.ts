export * from './merchant.ts';
export * from './account.ts';
export * from './ledger.ts';
export * from './jobs.ts';
export * from './catalog.ts';
export * from './lobby.ts';
export * from './content.ts';
export * from './agent.ts';
