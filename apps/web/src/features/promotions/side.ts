/** What the app frame takes from the promotions on the first paint: the side menu's list. */
export { SidePromotions } from './components/SidePromotions.tsx';
