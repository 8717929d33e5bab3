import { useSyncExternalStore } from 'react';

/**
 * The casino's pause (issue 24, decision 061): while its reality check is open, the casino posts
 * `{ type: 'lotus:pause' }` to the game's frame and `{ type: 'lotus:resume' }` when the player has
 * answered. Only the frame's own parent is listened to. While paused no new stake leaves the game
 * (the screens are covered and `api` refuses the play calls below), so autoplay stops too.
 */
export const PLAY_PATHS = [
  '/slot/spin',
  '/dice/roll',
  '/crash/bet',
  '/cockfight/bet',
  '/fish/shoot',
  '/sports/bets',
] as const;

let paused = false;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  if (paused === next) return;
  paused = next;
  for (const l of listeners) l();
};

export const isPaused = () => paused;

/** Reads a message of the casino; anything else (another window, another shape) is ignored. */
export const onCasinoMessage = (
  e: Pick<MessageEvent, 'data' | 'source'>,
  parent: unknown = globalThis.window?.parent,
) => {
  // Not in a frame (the parent is the page itself), or a message from anyone but the casino.
  if (!parent || parent === globalThis.window || e.source !== parent) return;
  const type = (e.data as { type?: unknown } | null)?.type;
  if (type === 'lotus:pause') set(true);
  else if (type === 'lotus:resume') set(false);
};

let listening = false;
/** Starts listening to the casino once per page. */
export const listenForPause = () => {
  if (listening) return;
  listening = true;
  window.addEventListener('message', (e) => onCasinoMessage(e));
};

export const usePaused = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => paused,
  );

/** Test aid: back to playing. */
export const resetPause = () => set(false);
