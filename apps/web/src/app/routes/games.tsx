import type { GameType } from '@app/contract';
import { AccountGamesPage } from '../../features/lobby/components/AccountGamesPage.tsx';
import { GameCenterPage } from '../../features/lobby/components/GameCenterPage.tsx';
import { GameListPage } from '../../features/lobby/components/GameListPage.tsx';
import { SeamlessPage } from '../../features/games/components/SeamlessPage.tsx';
import { RealityCheck } from '../../features/protection/components/RealityCheck.tsx';

/** Game pages of spec §2, one chunk: centres, lists, account lists and the game room. */
export const GameCenterRoute = ({ gameType }: { gameType: GameType }) => <GameCenterPage gameType={gameType} />;
export const GameListRoute = ({ gameType }: { gameType: GameType }) => (
  <GameListPage key={gameType} gameType={gameType} />
);
export const AccountGamesRoute = ({ kind }: { kind: 'favorite' | 'recent' }) => <AccountGamesPage kind={kind} />;
/** The game room with player protection's reality check over real-money play (issue 24). */
export const SeamlessRoute = () => <SeamlessPage overlay={(frame) => <RealityCheck frame={frame} />} />;
