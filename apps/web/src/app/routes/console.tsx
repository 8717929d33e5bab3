import { ConsoleApp } from '../../features/console/components/ConsoleApp.tsx';
import { PromotionPreview } from '../../features/promotions/components/PromotionPreview.tsx';
import { PromotionPreviewContext } from '../../lib/promotionPreview.ts';

/** /console: the operator console (its own login; no player frame). Its promotions desk previews with the player's views. */
export default function ConsoleRoute() {
  return (
    <PromotionPreviewContext.Provider value={PromotionPreview}>
      <ConsoleApp />
    </PromotionPreviewContext.Provider>
  );
}
