/** What the app frame takes from the points mall on the first paint: the member menu's points chip. */
export { PointsMenuChip } from './components/PointsMenuChip.tsx';
