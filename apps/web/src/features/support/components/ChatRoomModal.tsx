import { supportEndpoints, SUPPORT_MESSAGE_MAX, type SupportMessage } from '@app/contract';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button, EmptyState, Modal, Spinner } from '../../../components/ui/index.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { contractResolver, requestBody } from '../../../lib/forms/contractResolver.ts';
import { useChatHistory, useMarkChatRead, useSendMessage } from '../api/chat.ts';
import { useSupportText, type SupportT } from '../hooks/useSupportText.ts';
import '../support.css';

/** The contract's words for a refused message, as the reader's. */
const fieldWords = (t: SupportT) => (message: string) => {
  if (message === 'Write a message') return t('chat_err_required');
  if (message.startsWith('Use at most')) return t('chat_err_too_long', { max: SUPPORT_MESSAGE_MAX });
  if (message.includes('not text')) return t('chat_err_not_text');
  return message;
};

/**
 * The spec's "chat room" (decision 057): the member's conversation with customer service, opened
 * by the in-app LIVE_CHAT entry. History pages backwards, answers arrive live (SupportLive refreshes
 * the history), and everything shown is marked read while the room is open. Messages are plain
 * text: React escapes them and CSS keeps their line breaks.
 */
export function ChatRoomModal({ onClose }: { onClose: () => void }) {
  const { t, ready } = useSupportText();
  const brandTime = useBrandTime();
  const history = useChatHistory(true);
  const send = useSendMessage();
  const markRead = useMarkChatRead();
  const listRef = useRef<HTMLOListElement>(null);
  const stickToEnd = useRef(true);

  const pages = history.data?.pages;
  const messages = useMemo(() => (pages ? [...pages].reverse().flatMap((p) => p.list) : []), [pages]);
  const latest = pages?.[0];
  const closedIds = useMemo(() => new Set(latest?.closedIds ?? []), [latest]);
  const lastId = messages.at(-1)?.id ?? 0;

  // Seen while open: every answer shown here is read (once per new last message).
  const { mutate: markSeen } = markRead;
  const unread = latest?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) markSeen();
  }, [unread, lastId, markSeen]);

  // New messages scroll into view when the reader is at the end; loading older ones keeps the place.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToEnd.current) list.scrollTop = list.scrollHeight;
  }, [lastId, ready]);

  const form = useForm<{ body: string }, unknown, { body: string }>({
    resolver: contractResolver(requestBody(supportEndpoints.send), fieldWords(t)),
    defaultValues: { body: '' },
  });
  const body = form.watch('body');

  const submit = form.handleSubmit((values) => {
    stickToEnd.current = true;
    send.mutate(values.body, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (error) => {
        const message =
          isApiError(error) && error.code === 'RATE_LIMITED'
            ? t('chat_err_rate')
            : isApiError(error) && error.fields.body
              ? fieldWords(t)(error.fields.body)
              : t('chat_err_send');
        form.setError('body', { type: 'server', message });
      },
    });
  });

  if (!ready) return null;
  const error = form.formState.errors.body?.message;

  return (
    <Modal
      open
      onClose={onClose}
      title={t('chat_title')}
      description={t('chat_subtitle')}
      size="md"
      testId="chat-room"
      initialFocus={() => document.getElementById('chat-composer')}
    >
      <div className="chat-room">
        <ol
          ref={listRef}
          className="chat-room__list"
          aria-label={t('chat_messages')}
          aria-live="polite"
          data-testid="chat-messages"
          onScroll={(e) => {
            const el = e.currentTarget;
            stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
          }}
        >
          {history.hasNextPage ? (
            <li className="chat-room__older">
              <Button
                size="sm"
                variant="ghost"
                loading={history.isFetchingNextPage}
                onClick={() => {
                  stickToEnd.current = false;
                  void history.fetchNextPage();
                }}
              >
                {t('chat_load_older')}
              </Button>
            </li>
          ) : null}
          {history.isLoading ? (
            <li className="chat-room__state">
              <Spinner label={t('chat_messages')} />
            </li>
          ) : history.isError ? (
            <li className="chat-room__state" role="alert">
              <p>{t('chat_err_load')}</p>
              <Button size="sm" onClick={() => void history.refetch()}>
                {t('chat_retry')}
              </Button>
            </li>
          ) : messages.length === 0 ? (
            <li className="chat-room__state" data-testid="chat-empty">
              <EmptyState
                compact
                icon="headset"
                headingLevel={3}
                title={t('chat_empty_title')}
                description={t('chat_empty_body')}
              />
            </li>
          ) : (
            messages.map((m, i) => (
              <ChatBubble
                key={m.id}
                message={m}
                t={t}
                time={brandTime.dateTime(m.createdAt)}
                endsConversation={
                  closedIds.has(m.conversationId) && messages[i + 1]?.conversationId !== m.conversationId
                }
              />
            ))
          )}
        </ol>
        <form className="chat-room__composer" onSubmit={(e) => void submit(e)} noValidate>
          <label className="visually-hidden" htmlFor="chat-composer">
            {t('chat_label')}
          </label>
          <textarea
            id="chat-composer"
            className="field__input chat-room__input"
            rows={2}
            maxLength={SUPPORT_MESSAGE_MAX + 100}
            placeholder={t('chat_placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby="chat-composer-hint"
            data-testid="chat-input"
            {...form.register('body')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
          />
          <div className="chat-room__bar">
            <p
              id="chat-composer-hint"
              className={error ? 'chat-room__error' : 'chat-room__hint'}
              role={error ? 'alert' : undefined}
            >
              {error ?? t('chat_hint')}
            </p>
            <span className={`chat-room__count${body.length > SUPPORT_MESSAGE_MAX ? ' chat-room__count--over' : ''}`}>
              {t('chat_count', { count: body.length, max: SUPPORT_MESSAGE_MAX })}
            </span>
            <Button type="submit" size="sm" loading={send.isPending} data-testid="chat-send">
              {send.isPending ? t('chat_sending') : t('chat_send')}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}

function ChatBubble({
  message,
  t,
  time,
  endsConversation,
}: {
  message: SupportMessage;
  t: SupportT;
  time: string;
  endsConversation: boolean;
}) {
  const mine = message.author === 'member';
  return (
    <>
      <li
        className={`chat-bubble chat-bubble--${mine ? 'mine' : 'theirs'}`}
        data-testid="chat-message"
        data-author={message.author}
      >
        <span className="chat-bubble__who">{mine ? t('chat_you') : (message.operatorName ?? t('chat_support'))}</span>
        <p className="chat-bubble__body">{message.body}</p>
        <time className="chat-bubble__time" dateTime={message.createdAt}>
          {time}
        </time>
      </li>
      {endsConversation ? (
        <li className="chat-room__closed" data-testid="chat-closed">
          {t('chat_closed')}
        </li>
      ) : null}
    </>
  );
}
