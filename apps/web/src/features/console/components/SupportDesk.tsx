import { SUPPORT_MESSAGE_MAX, type SupportConversation } from '@app/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Icon } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import {
  useSupportAnswer,
  useSupportAssign,
  useSupportClose,
  useSupportConversations,
  useSupportRead,
  useSupportThread,
} from '../api/support.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { Pager, Segment, Time } from './parts.tsx';

type Status = 'open' | 'closed';

/**
 * The customer-service desk (decision 057): conversations of one status, unread first; a thread
 * with the member's and the operators' messages; answer, take, close. New member messages arrive
 * over the operator feed (ConsoleApp refreshes these queries); opening a thread marks it read.
 */
export function SupportDesk({ t }: { t: ConsoleT }) {
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useSupportConversations({ status, page, pageSize: 20 });
  const conversations = list.data?.list ?? [];

  return (
    <section className="support-desk" aria-label={t('sup_title')} data-testid="support-desk">
      <div className={`support-desk__side${selected !== null ? ' support-desk__side--behind' : ''}`}>
        <Segment
          label={t('cs_status')}
          options={(['open', 'closed'] as const).map((s) => ({
            value: s,
            label: t(s === 'open' ? 'sup_open' : 'sup_closed'),
          }))}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
            setSelected(null);
          }}
          testId={(s) => `support-filter-${s}`}
        />
        <ul className="support-list" aria-label={t('sup_list')} data-testid="support-list">
          {conversations.map((c) => (
            <li key={c.id}>
              <ConversationItem c={c} t={t} active={c.id === selected} onOpen={() => setSelected(c.id)} />
            </li>
          ))}
        </ul>
        {list.data && !conversations.length ? <p className="console-empty">{t('sup_empty')}</p> : null}
        <Pager page={page} totalPages={list.data?.totalPages ?? 0} onPage={setPage} t={t} />
      </div>
      <div className={`support-desk__main${selected === null ? ' support-desk__main--idle' : ''}`}>
        {selected === null ? (
          <p className="console-muted support-desk__pick">{t('sup_pick')}</p>
        ) : (
          <Thread key={selected} id={selected} t={t} onBack={() => setSelected(null)} />
        )}
      </div>
    </section>
  );
}

function ConversationItem({
  c,
  t,
  active,
  onOpen,
}: {
  c: SupportConversation;
  t: ConsoleT;
  active: boolean;
  onOpen: () => void;
}) {
  const { timezone } = useWhitelabel();
  return (
    <button
      type="button"
      className={`support-item${active ? ' support-item--active' : ''}${c.unread ? ' support-item--unread' : ''}`}
      onClick={onOpen}
      aria-current={active || undefined}
      data-testid={`support-item-${c.account}`}
    >
      <span className="support-item__top">
        <span className="support-item__who">
          {c.account}
          {c.isAgent ? <span className="support-tag">{t('sup_agent')}</span> : null}
        </span>
        {c.unread ? (
          <span
            className="tabs__badge"
            aria-label={t('sup_unread', { count: c.unread })}
            data-testid="support-item-unread"
          >
            {c.unread}
          </span>
        ) : null}
      </span>
      <span className="support-item__preview">
        {c.lastAuthor === 'operator' ? `${t('sup_you_answered')} ` : ''}
        {c.lastMessage ?? '—'}
      </span>
      <span className="support-item__meta">
        <Time iso={c.lastMessageAt ?? c.createdAt} timeZone={timezone} />
        <span>{c.assignedTo ? t('sup_assigned_to', { name: c.assignedTo }) : t('sup_unassigned')}</span>
      </span>
    </button>
  );
}

function Thread({ id, t, onBack }: { id: number; t: ConsoleT; onBack: () => void }) {
  const { timezone } = useWhitelabel();
  const thread = useSupportThread(id);
  const answer = useSupportAnswer();
  const close = useSupportClose();
  const assign = useSupportAssign();
  const read = useSupportRead();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const c = thread.data?.conversation;
  const messages = thread.data?.messages ?? [];
  const lastId = messages.at(-1)?.id ?? 0;

  // Shown is read: a new member message in the open thread is read at once.
  const { mutate: markRead } = read;
  const unread = c?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) markRead(id);
  }, [id, unread, lastId, markRead]);
  useLayoutEffect(() => {
    if (listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [lastId]);

  const send = () => {
    const body = text.trim();
    if (!body) return setError(t('sup_err_empty'));
    if (body.length > SUPPORT_MESSAGE_MAX) return setError(t('sup_err_long', { max: SUPPORT_MESSAGE_MAX }));
    setError(null);
    answer.mutate(
      { conversationId: id, body },
      { onSuccess: () => setText(''), onError: (e) => setError(e.fields.body ?? e.message) },
    );
  };

  if (!c) return thread.isError ? <p role="alert">{thread.error.message}</p> : <p>{t('cs_loading')}</p>;
  const open = c.status === 'open';
  return (
    <article className="support-thread" aria-labelledby="support-thread-title" data-testid="support-thread">
      <header className="support-thread__head">
        <Button size="sm" variant="ghost" className="support-thread__back" onClick={onBack} aria-label={t('sup_back')}>
          <Icon name="arrowLeft" size={16} />
        </Button>
        <div className="support-thread__title">
          <h2 id="support-thread-title">
            {c.account}
            {c.isAgent ? <span className="support-tag">{t('sup_agent')}</span> : null}
          </h2>
          <p className="console-muted">
            {open ? t('sup_open') : t('sup_closed')} ·{' '}
            {c.assignedTo ? t('sup_assigned_to', { name: c.assignedTo }) : t('sup_unassigned')}
          </p>
        </div>
        {open ? (
          <div className="console-actions">
            <Button size="sm" variant="secondary" loading={assign.isPending} onClick={() => assign.mutate(id)}>
              {t('sup_take')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              loading={close.isPending}
              onClick={() => close.mutate(id)}
              data-testid="support-close"
            >
              {t('sup_close')}
            </Button>
          </div>
        ) : null}
      </header>
      <ol ref={listRef} className="support-thread__messages" aria-label={t('sup_messages')} aria-live="polite">
        {messages.map((m) => (
          <li
            key={m.id}
            className={`support-msg support-msg--${m.author}`}
            data-testid="support-message"
            data-author={m.author}
          >
            <span className="support-msg__who">
              {m.author === 'member' ? c.account : (m.operatorName ?? t('sup_operator'))}
            </span>
            <p className="support-msg__body">{m.body}</p>
            <span className="support-msg__time">
              <Time iso={m.createdAt} timeZone={timezone} />
            </span>
          </li>
        ))}
      </ol>
      {open ? (
        <form
          className="support-thread__answer"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <label className="visually-hidden" htmlFor="support-answer">
            {t('sup_answer_label')}
          </label>
          <textarea
            id="support-answer"
            className="field__input console-textarea"
            rows={3}
            value={text}
            placeholder={t('sup_answer_placeholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                send();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'support-answer-error' : undefined}
            data-testid="support-answer"
          />
          <div className="support-thread__bar">
            {error ? (
              <p id="support-answer-error" className="field__error" role="alert">
                {error}
              </p>
            ) : (
              <span className="console-muted">{t('sup_answer_hint')}</span>
            )}
            <Button type="submit" size="sm" loading={answer.isPending} data-testid="support-send">
              {t('sup_send')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="console-muted support-thread__closed">{t('sup_closed_note')}</p>
      )}
    </article>
  );
}
