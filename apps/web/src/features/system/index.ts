export { BootGate } from './components/BootGate.tsx';
export { applyCachedBrand } from './theme.ts';
