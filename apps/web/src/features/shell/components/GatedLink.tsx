import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/index.ts';
import { openModal } from '../../../lib/ui/index.ts';

/**
 * A link to a page that needs a session. Anonymous visitors stay where they are and get the
 * login popup (which returns them to the link's target after logging in); a trial account asking
 * for the member centre gets the real-account dialog instead (spec §8).
 */
export function GatedLink({ to, onClick, ...rest }: ComponentProps<typeof Link> & { to: string }) {
  const { isLoggedIn, isTrial } = useSession();
  return (
    <Link
      to={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (isLoggedIn && isTrial && to.startsWith('/member')) {
          event.preventDefault();
          openModal('trialAccount');
          return;
        }
        if (isLoggedIn) return;
        event.preventDefault();
        openModal('login', { redirectTo: to });
      }}
      {...rest}
    />
  );
}
