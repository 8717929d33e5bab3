export * from './merchant.ts';
