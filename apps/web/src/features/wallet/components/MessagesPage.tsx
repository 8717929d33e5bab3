import { useState } from 'react';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { Button, EmptyState, Icon } from '../../../components/ui/index.ts';
import { useDeleteMessages } from '../api/deleteMessages.ts';
import { useMarkMessagesRead } from '../api/markMessagesRead.ts';
import { useMessages } from '../api/messages.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWalletText } from '../hooks/useWalletText.ts';
import { inLanguage } from './messageText.ts';
import { Card, ErrorNote, Loading, Pager, shortTime } from './parts.tsx';
import './wallet.css';

/** messageV2 (spec §2): platform messages, newest first, with their read state. */
export function MessagesPage() {
  const { t, ready } = useWalletText();
  const { timeZone: timezone, language } = useBrandTime();
  const money = useBrandMoney();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const q = useMessages({ page, pageSize: 10, ...(unreadOnly ? { unread: 'true' as const } : {}) });
  const mark = useMarkMessagesRead();
  const remove = useDeleteMessages();
  if (!ready) return <Loading t={t} />;
  return (
    <div className="wallet-page" data-testid="messages-page">
      <Card
        title={t('wl_messages')}
        icon="message"
        actions={
          <div className="wallet-actions">
            <Button
              size="sm"
              variant={unreadOnly ? 'primary' : 'secondary'}
              aria-pressed={unreadOnly}
              onClick={() => {
                setUnreadOnly(!unreadOnly);
                setPage(1);
              }}
            >
              {t('wl_unread_only')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => mark.mutate('all')} data-testid="messages-read-all">
              {t('wl_mark_all_read')}
            </Button>
          </div>
        }
      >
        {q.isPending ? (
          <Loading t={t} />
        ) : q.isError ? (
          <ErrorNote message={q.error.message} onRetry={() => void q.refetch()} t={t} />
        ) : !q.data.list.length ? (
          <EmptyState icon="message" title={t('wl_no_messages')} description={t('wl_no_messages_info')} compact />
        ) : (
          <>
            <ul className="wallet-list" data-testid="message-list">
              {q.data.list.map((n) => (
                <li
                  key={n.id}
                  className={`wallet-message${n.read ? '' : ' wallet-message--unread'}`}
                  data-kind={n.kind}
                >
                  <Icon
                    name={
                      n.kind.startsWith('deposit') ? 'wallet' : n.kind.startsWith('withdrawal') ? 'download' : 'message'
                    }
                    size={20}
                  />
                  <div className="wallet-message__body">
                    {n.content ? (
                      // An operator's message (issue 20): its own title and text in the reader's language.
                      <>
                        <p className="wallet-message__title">{inLanguage(n.content.title, language)}</p>
                        <p className="wallet-message__text wallet-message__text--long">
                          {inLanguage(n.content.body, language)}
                        </p>
                      </>
                    ) : (
                      <>
                        <p className="wallet-message__title">{t(`wl_msg_title_${n.kind}`)}</p>
                        <p className="wallet-message__text">
                          {t(`notif_${n.kind}`, {
                            ...n.params,
                            amount: n.params.amount ? formatMoney(n.params.amount, money) : '',
                          })}
                        </p>
                      </>
                    )}
                    <span className="wallet-row__meta">{shortTime(n.createdAt, timezone, language)}</span>
                  </div>
                  <div className="wallet-message__actions">
                    {n.read ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => mark.mutate([n.id])}
                        aria-label={t('wl_mark_read')}
                        data-testid="message-read"
                      >
                        <Icon name="check" size={16} />
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => remove.mutate([n.id])}
                      aria-label={t('wl_delete_message')}
                      data-testid="message-delete"
                    >
                      <Icon name="close" size={16} />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} />
          </>
        )}
      </Card>
    </div>
  );
}
