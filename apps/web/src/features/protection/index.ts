export { SessionClock } from './components/SessionClock.tsx';
