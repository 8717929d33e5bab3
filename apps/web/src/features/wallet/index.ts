/** What the app frame composes from the wallet (first load: keep it small, no contract values). */
export { WalletLive } from './components/WalletLive.tsx';
export { useHeaderBalance } from './hooks/useHeaderBalance.ts';
export { useUnreadMessages } from './api/unreadMessages.ts';
