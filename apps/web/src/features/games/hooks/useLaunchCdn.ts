import { useMemo } from 'react';
import { useSystemStatus } from '../../../lib/system/index.ts';

/**
 * The launch CDN base for this visit: one of the brand's launchGameCDNs, chosen at random (spec
 * §3 startGameUrl). Empty when the brand lists none: the launch path is then same-origin.
 */
export const useLaunchCdn = (): string => {
  const { launchGameCDNs } = useSystemStatus();
  return useMemo(() => {
    const list = launchGameCDNs.filter((u) => /^https?:\/\//.test(u));
    return list.length ? list[Math.floor(Math.random() * list.length)]!.replace(/\/$/, '') : '';
  }, [launchGameCDNs]);
};
