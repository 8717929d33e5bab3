/** What the app frame plugs in from the lobby (header, side menu, footer); pages come by route. */
export { FooterProviders } from './components/FooterProviders.tsx';
export { HeaderCategoryNav } from './components/HeaderCategoryNav.tsx';
export { NoticeBell } from './components/NoticeBell.tsx';
export { startGame, chooseVendor } from './startGame.ts';
