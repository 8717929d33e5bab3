import { FEEDBACK_STATUSES, type FeedbackDeskView, type FeedbackStatus } from '@app/contract';
import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useAnswerFeedback, useFeedbackDesk, useFeedbackSettings, useSaveFeedbackSettings } from '../api/messages.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, Pager, SaveOutcome, Segment, Time } from './parts.tsx';
import { ImageList } from './ProofImage.tsx';
import { TextArea } from './TextArea.tsx';

const FILTERS = ['open', ...FEEDBACK_STATUSES] as const;
type Filter = (typeof FILTERS)[number];
/** The reward is money: finance (and admin) set it. */
const SETS_REWARD = new Set(['finance', 'admin']);

function RewardForm({ t }: { t: ConsoleT }) {
  const money = useBrandMoney();
  const role = useOperatorSession()?.role ?? '';
  const current = useFeedbackSettings();
  const save = useSaveFeedbackSettings();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (!current.data) return null;
  const value = text ?? editableAmount(current.data.reward, money);
  return (
    <form
      className="console-form console-form--inline"
      onSubmit={(e) => {
        e.preventDefault();
        const minor = parseMoney(value, money, { zero: true });
        setError(minor === null ? t('fd_reward_format') : undefined);
        if (minor !== null) save.mutate(minor);
      }}
    >
      <Input
        label={t('fd_reward')}
        hint={t('fd_reward_hint')}
        inputMode="decimal"
        value={value}
        onChange={(e) => setText(e.target.value)}
        disabled={!SETS_REWARD.has(role)}
        error={error ?? save.error?.fields.reward}
        data-testid="feedback-reward"
      />
      <Button
        type="submit"
        loading={save.isPending}
        disabled={!SETS_REWARD.has(role)}
        data-testid="feedback-reward-save"
      >
        {t('cs_save')}
      </Button>
      <SaveOutcome save={save} t={t} />
    </form>
  );
}

function Item({ f, t, timeZone }: { f: FeedbackDeskView; t: ConsoleT; timeZone: string }) {
  const money = useBrandMoney();
  const answer = useAnswerFeedback();
  const [reply, setReply] = useState('');
  const decided = f.status === 'accepted' || f.status === 'rejected';
  const act = (outcome: 'replied' | 'accepted' | 'rejected') =>
    answer.mutate({ id: f.id, reply: reply.trim(), outcome }, { onSuccess: () => setReply('') });
  return (
    <li className="console-feedback" data-testid={`feedback-item-${f.id}`} data-status={f.status}>
      <div className="console-feedback__head">
        <strong>{f.account}</strong>
        <span className="console-muted">{t(`fd_type_${f.questionType}`)}</span>
        <span className={`console-status console-status--${f.status}`}>{t(`fd_status_${f.status}`)}</span>
        <span className="console-muted">
          <Time iso={f.createdAt} timeZone={timeZone} />
        </span>
      </div>
      <p className="console-feedback__text">{f.description}</p>
      <ImageList of="feedback" images={f.images} t={t} />
      {f.reply ? (
        <div className="console-feedback__reply">
          <span className="console-muted">
            {t('fd_replied')} <Time iso={f.repliedAt} timeZone={timeZone} />
            {f.reward !== '0' ? ` · ${t('fd_reward_paid', { amount: formatMoney(f.reward, money) })}` : ''}
          </span>
          <p>{f.reply}</p>
        </div>
      ) : null}
      {decided ? null : (
        <div className="console-stack">
          <TextArea
            label={t('fd_reply')}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            maxLength={1000}
            error={answer.error?.fields.reply}
            data-testid="feedback-reply-text"
          />
          <div className="console-actions">
            <Button
              size="sm"
              disabled={!reply.trim()}
              loading={answer.isPending}
              onClick={() => act('replied')}
              data-testid="feedback-reply"
            >
              {t('fd_send_reply')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!reply.trim()}
              onClick={() => act('accepted')}
              data-testid="feedback-accept"
            >
              {t('fd_accept')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={!reply.trim()}
              onClick={() => act('rejected')}
              data-testid="feedback-reject"
            >
              {t('fd_reject')}
            </Button>
          </div>
          {answer.error && !Object.keys(answer.error.fields).length ? (
            <p className="field__error" role="alert">
              {answer.error.message}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * The feedback desk (issue 20, decision 075): members' feedback, open first; reply (the member
 * reads it in their messages), accept (pays the brand's reward, once) or reject; the reward setting.
 */
export function FeedbackDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const [status, setStatus] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const q = useFeedbackDesk(status as 'open' | FeedbackStatus, page);
  return (
    <>
      <DeskCard id="feedback-queue" title={t('fd_title')} hint={t('fd_hint')} testId="feedback-desk">
        <Segment
          label={t('cs_status')}
          options={FILTERS.map((s) => ({ value: s, label: t(`fd_status_${s}`) }))}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
          testId={(s) => `feedback-filter-${s}`}
        />
        {q.data && !q.data.list.length ? <p className="console-empty">{t('fd_none')}</p> : null}
        <ul className="console-feedback-list" aria-busy={q.isPlaceholderData || undefined}>
          {q.data?.list.map((f) => (
            <Item key={f.id} f={f} t={t} timeZone={timezone} />
          ))}
        </ul>
        {q.data ? <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} /> : null}
      </DeskCard>
      <DeskCard id="feedback-reward" title={t('fd_reward_title')}>
        <RewardForm t={t} />
      </DeskCard>
    </>
  );
}
