import { PointMallPage } from '../../features/pointMall/PointMallPage.tsx';

export default function PointMallRoute() {
  return <PointMallPage />;
}
