import { memberRedEnvelopeRoutes } from '@app/contract/routes/member-red-envelope';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/index.ts';
import { call, endpointKey } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { openModal } from '../../lib/ui/index.ts';
import './red-envelope-bell.css';

/*
 * The player header's red-envelope button: it shows only when an envelope waits to be opened.
 * It lives in the first page, so it calls the route alone (no schemas, no zod in the first load).
 */
export function RedEnvelopeBell() {
  const { t } = useTranslation();
  const { isLoggedIn, isTrial } = useSession();
  const query = { page: 1, pageSize: 20 };
  const list = useQuery({
    queryKey: endpointKey(memberRedEnvelopeRoutes.list, { query }),
    queryFn: ({ signal }) => call(memberRedEnvelopeRoutes.list, { query, signal }),
    enabled: isLoggedIn && !isTrial,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  const waiting = (list.data?.list ?? []).filter((e) => e.status === 'open' && e.myClaim === null).length;
  if (!waiting) return null;
  return (
    <button
      type="button"
      className="notice-bell red-envelope-bell"
      onClick={() => openModal('redEnvelopes')}
      aria-label={t('red_envelope_inbox', { n: String(waiting) })}
      data-testid="red-envelope-bell"
    >
      <Icon name="gift" size={20} />
      <span className="red-envelope-bell__badge" aria-hidden="true">
        {waiting}
      </span>
    </button>
  );
}
