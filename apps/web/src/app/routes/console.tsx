import { ConsoleApp } from '../../features/console/components/ConsoleApp.tsx';

/** /console: the operator console (its own login; no player frame). */
export default function ConsoleRoute() {
  return <ConsoleApp />;
}
