import { VipPage } from '../../features/vip/VipPage.tsx';

export default function VipRoute() {
  return <VipPage />;
}
