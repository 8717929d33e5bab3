import { Link } from 'react-router';
import { Icon } from '../../../components/ui/index.ts';
import { usePointsBalance } from '../api/points.ts';
import { usePointsText } from '../hooks/usePointsText.ts';
import { usePointsFormat } from '../hooks/usePointsFormat.ts';
import '../chip.css';

/** The member menu's points chip: the balance, leading to the points mall. */
export function PointsMenuChip() {
  const { t, ready } = usePointsText();
  const balance = usePointsBalance();
  const pts = usePointsFormat();
  if (!ready) return null;
  return (
    <Link to="/pointMall" className="member-menu__item points-chip" data-testid="points-chip">
      <Icon name="star" size={16} />
      <span className="points-chip__label">{t('pm_chip')}</span>
      <span className="points-chip__value" data-testid="points-chip-balance">
        {balance.data === undefined ? '…' : pts(balance.data)}
      </span>
    </Link>
  );
}
