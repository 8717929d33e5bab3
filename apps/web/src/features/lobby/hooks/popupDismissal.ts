import { readStorage, writeStorage } from '../../../lib/storage.ts';

/**
 * Spec §4: dismissing the announcement popup is remembered for the session, separately for
 * members and anonymous visitors (a visitor who logs in sees the members' popup once more).
 */
export type Audience = 'member' | 'anonymous';

export const dismissalKey = (audience: Audience) => `lobby.popupDismissed.${audience}`;

export const isPopupDismissed = (audience: Audience): boolean => readStorage('session', dismissalKey(audience)) === '1';

export const dismissPopup = (audience: Audience): void => writeStorage('session', dismissalKey(audience), '1');
