import { APPLICATION_STATUSES, type ApplicationStatus, type DeskApplication } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useApplications, useDecideApplication } from '../api/promotions.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DoneLine, ErrorLine, Pager, Segment, Time } from './parts.tsx';
import { ImageList } from './ProofImage.tsx';
import { PromptModal } from './PromptModal.tsx';

function Item({
  a,
  t,
  timeZone,
  onReject,
  onDone,
}: {
  a: DeskApplication;
  t: ConsoleT;
  timeZone: string;
  onReject: (a: DeskApplication) => void;
  onDone: (text: string) => void;
}) {
  const { t: tg } = useTranslation();
  const money = useBrandMoney();
  const decide = useDecideApplication();
  const pays =
    a.randomMax === null
      ? formatMoney(a.amount, money)
      : `${formatMoney(a.amount, money)} – ${formatMoney(a.randomMax, money)}`;
  return (
    <li className="console-feedback" data-testid="application-item" data-id={a.id} data-status={a.status}>
      <div className="console-feedback__head">
        <strong>{a.account}</strong>
        <span className="console-muted">
          {a.promotionTitle} · {tg(`promo_type_${a.promotionType}`)}
        </span>
        <span className={`console-status console-status--${a.status}`}>{t(`ap_status_${a.status}`)}</span>
        <span className="console-muted">
          <Time iso={a.createdAt} timeZone={timeZone} />
        </span>
      </div>
      <p className="console-feedback__text" data-testid="application-comment">
        {a.comment}
      </p>
      <ImageList of="application" images={a.images} t={t} emptyText={t('ap_no_images')} />
      {a.status === 'applying' ? (
        <div className="console-actions">
          <Button
            size="sm"
            loading={decide.isPending}
            onClick={() =>
              decide.mutate(
                { id: a.id, outcome: 'approve', reason: '' },
                { onSuccess: () => onDone(t('ap_approved', { account: a.account })) },
              )
            }
            data-testid="application-approve"
          >
            {t('ap_approve', { amount: pays })}
          </Button>
          <Button size="sm" variant="danger" onClick={() => onReject(a)} data-testid="application-reject">
            {t('ap_reject')}
          </Button>
          <ErrorLine error={decide.error} />
        </div>
      ) : (
        <div className="console-feedback__reply">
          <span className="console-muted">
            {t(`ap_status_${a.status}`)} <Time iso={a.decidedAt} timeZone={timeZone} />
          </span>
          {a.reason ? <p>{a.reason}</p> : null}
        </div>
      )}
    </li>
  );
}

/**
 * Activity applications to review (issue 19, decision 086): who applied to which promotion, the
 * comment and the images; approving pays the promotion's reward once, rejecting asks for the reason
 * the member is shown. Every decision is recorded with the promotion's events and audited.
 */
export function ApplicationsDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const [status, setStatus] = useState<ApplicationStatus>('applying');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<DeskApplication | null>(null);
  const [done, setDone] = useState('');
  const q = useApplications(status, page);
  const decide = useDecideApplication();
  return (
    <DeskCard id="promotion-applications" title={t('ap_title')} hint={t('ap_hint')} testId="applications-desk">
      <Segment
        label={t('cs_status')}
        options={APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`ap_status_${s}`) }))}
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(1);
        }}
        testId={(s) => `applications-filter-${s}`}
      />
      <ErrorLine error={q.error} />
      <DoneLine text={done} testId="applications-done" />
      {q.data && !q.data.list.length ? <p className="console-empty">{t('ap_none')}</p> : null}
      <ul className="console-feedback-list" aria-busy={q.isPlaceholderData || undefined}>
        {q.data?.list.map((a) => (
          <Item key={a.id} a={a} t={t} timeZone={timezone} onReject={setRejecting} onDone={setDone} />
        ))}
      </ul>
      {q.data ? <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} /> : null}
      {rejecting ? (
        <PromptModal
          title={t('ap_reject_title', { account: rejecting.account })}
          label={t('ap_reject_reason')}
          busy={decide.isPending}
          error={decide.error?.message ?? null}
          onClose={() => setRejecting(null)}
          onSubmit={(reason) =>
            decide.mutate(
              { id: rejecting.id, outcome: 'reject', reason },
              {
                onSuccess: () => {
                  setDone(t('ap_rejected', { account: rejecting.account }));
                  setRejecting(null);
                },
              },
            )
          }
          t={t}
        />
      ) : null}
    </DeskCard>
  );
}
