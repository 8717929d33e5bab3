import { PromotionsPage } from '../../features/promotions/PromotionsPage.tsx';

export default function PromotionsRoute() {
  return <PromotionsPage />;
}
