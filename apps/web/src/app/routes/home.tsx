import { HomePage } from '../../features/lobby/components/HomePage.tsx';

/** /, /index, /index.html, /home, and the pages that open a popup over it (/help, /register). */
export default function HomeRoute() {
  return <HomePage />;
}
