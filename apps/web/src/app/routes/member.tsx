import { MemberCentrePage } from '../../features/member/MemberCentrePage.tsx';

export default function MemberRoute() {
  return <MemberCentrePage />;
}
