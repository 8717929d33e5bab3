export { SupportLive } from './components/SupportLive.tsx';
export { SupportHeaderButton } from './components/SupportHeaderButton.tsx';
