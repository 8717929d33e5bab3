import type { GameEntry } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/index.ts';
import { getSession } from '../../../lib/session/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { favoriteIdsKey, useFavoriteIds } from '../api/favoriteIds.ts';
import { favoriteListPrefix } from '../api/favoriteList.ts';
import { addFavorite, removeFavorite } from '../api/favoriteMutations.ts';
import { useMemberKey } from '../api/member.ts';
import { withFavorite, withoutFavorite } from './favoriteIdsUpdate.ts';
import { createThrottle, FAVORITE_THROTTLE_MS } from './throttle.ts';

/** One throttle for every heart on the page: at most one toggle a second (spec §9). */
const allowToggle = createThrottle(FAVORITE_THROTTLE_MS);

type FavGame = Pick<GameEntry, 'nodeId' | 'vassalage' | 'gameType' | 'gameName'>;

/**
 * The favourite toggle of spec §4: adds when the game is not a favourite, removes when it is.
 * Logged out, it opens the login popup instead. Removing takes the game off the list at once and
 * then tells the server, putting it back if the server refuses; adding shows at once too.
 */
export const useFavoriteToggle = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const member = useMemberKey();
  const ids = useFavoriteIds();
  const key = favoriteIdsKey(member);

  const isFavorite = useCallback((nodeId: number) => ids.data?.includes(nodeId) ?? false, [ids.data]);

  const toggle = useCallback(
    async (game: FavGame) => {
      if (!getSession().isLoggedIn) {
        openModal('login', {});
        return;
      }
      if (!allowToggle()) return;
      const before = queryClient.getQueryData<number[]>(key);
      const removing = before?.includes(game.nodeId) ?? false;
      queryClient.setQueryData<number[]>(key, (prev) =>
        removing ? withoutFavorite(prev, game.nodeId) : withFavorite(prev, game.nodeId),
      );
      try {
        const result = removing
          ? await removeFavorite({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType })
          : await addFavorite({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType as 'RNG' });
        queryClient.setQueryData<number[]>(key, result.ids);
        void queryClient.invalidateQueries({ queryKey: favoriteListPrefix() });
        showToast(t(removing ? 'favorite_removed' : 'favorite_added', { game: game.gameName }), 'success');
      } catch (e) {
        // Put it back as it was: the server did not take the change.
        queryClient.setQueryData<number[]>(key, before);
        showToast(isApiError(e) ? e.message : t('network_abnormal'), 'error');
      }
    },
    [key, queryClient, t],
  );

  return { isFavorite, toggle, ready: ids.isSuccess };
};
