import { MirrorsPage } from '../../features/guides/components/MirrorsPage.tsx';

export default function MirrorsRoute() {
  return <MirrorsPage />;
}
