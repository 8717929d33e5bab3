export { PlayerLayout } from './components/PlayerLayout.tsx';
