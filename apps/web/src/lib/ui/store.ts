import { createStore, useStore } from '../createStore.ts';

/**
 * Which popup is open, the toasts on screen and the page loader. One modal at a time, as in the
 * product: opening a modal replaces the current one.
 */
export interface ModalProps {
  login: { redirectTo?: string };
  register: { referralCode?: string };
  help: { topic?: string };
  /** `resetToken` from an e-mailed link opens the "choose a new password" step. */
  forgotPassword: { resetToken?: string };
  /** `forced`: the after-login change (spec §4); nothing else is reachable until it is done. */
  changePassword: { area?: 'member' | 'agent'; forced?: boolean };
  /** Extra verification of a login from a new IP (spec §4). */
  verifyLogin: {
    area?: 'member' | 'agent';
    methods?: { method: 'sms' | 'email' | 'totp' | 'payeeName'; destination: string | null }[];
  };
  confirmLogout: { returnTo?: string };
  /** A trial account reached a real-account feature (spec §8 in_need_true_account). */
  trialAccount: Record<string, never>;
  /** A sign-in link for another account than the one signed in: ask before switching (decision 055). */
  switchAccount: {
    current: string;
    link: { token: string; account: string; isAgent: boolean; isTrial: boolean };
  };
  /** A vendor's games (provider entries and vendor choices outside RNG, spec §4). */
  vendorGames: { vassalage: string; gameType: string; title: string };
  /** The public announcement popup (9 per page). */
  announcements: { audience: 'member' | 'anonymous' };
  /** The notice list (header bell, notice marquee). */
  notices: Record<string, never>;
  /** Red envelopes from the member's upline agent (issue 7). */
  redEnvelopes: Record<string, never>;
  /** The customer-service chat room (spec §2 modals, decision 057). */
  supportChat: Record<string, never>;
}
export type ModalName = keyof ModalProps;

export type OpenModal = { [K in ModalName]: { name: K; props: ModalProps[K] } }[ModalName];

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  tone: ToastTone;
  /** Already translated text. */
  message: string;
}

export interface UiState {
  modal: OpenModal | null;
  toasts: readonly Toast[];
  loaderVisible: boolean;
}

export const uiStore = createStore<UiState>({ modal: null, toasts: [], loaderVisible: false });

export const openModal = <K extends ModalName>(
  name: K,
  ...props: ModalProps[K] extends Record<string, never> ? [] : [ModalProps[K]?]
): void => {
  const modal = { name, props: props[0] ?? {} } as OpenModal;
  uiStore.set((s) => ({ ...s, modal }));
};

export const closeModal = (name?: ModalName): void =>
  uiStore.set((s) => (s.modal && (!name || s.modal.name === name) ? { ...s, modal: null } : s));

const TOAST_MS = 3500;
let nextToastId = 1;

export const dismissToast = (id: number): void =>
  uiStore.set((s) => ({ ...s, toasts: s.toasts.filter((t) => t.id !== id) }));

export const showToast = (message: string, tone: ToastTone = 'info'): number => {
  const id = nextToastId++;
  // Keep the last three so a burst of errors cannot cover the screen.
  uiStore.set((s) => ({ ...s, toasts: [...s.toasts.slice(-2), { id, tone, message }] }));
  window.setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
};

export const showLoader = (): void => uiStore.set((s) => (s.loaderVisible ? s : { ...s, loaderVisible: true }));
export const hideLoader = (): void => uiStore.set((s) => (s.loaderVisible ? { ...s, loaderVisible: false } : s));

export const useModal = (): OpenModal | null => useStore(uiStore, (s) => s.modal);
export const useToasts = (): readonly Toast[] => useStore(uiStore, (s) => s.toasts);
export const useLoaderVisible = (): boolean => useStore(uiStore, (s) => s.loaderVisible);

/**
 * Modal code lives in lazy chunks owned by the app; features ask for an early fetch (on hover or
 * focus of the button that opens one) without knowing where the code lives.
 */
let modalPreloader: ((name: ModalName) => void) | null = null;
export const registerModalPreloader = (preloader: (name: ModalName) => void): void => {
  modalPreloader = preloader;
};
export const preloadModal = (name: ModalName): void => modalPreloader?.(name);
