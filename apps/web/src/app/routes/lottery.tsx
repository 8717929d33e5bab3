import { LotteryPage, type LotteryArea } from '../../features/lottery/LotteryPage.tsx';

export default function LotteryRoute({ area }: { area: LotteryArea }) {
  return <LotteryPage area={area} />;
}
