/** What the app frame takes from VIP on the first paint: the live label. */
export { VipLive } from './components/VipLive.tsx';
