import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, getToken, type ApiError } from '../../lib/api.ts';
import { tl } from './words.ts';

interface ChatMessage {
  id: number;
  at: number;
  name: string;
  text: string;
}
type ChatEvent =
  | { type: 'history'; readOnly: boolean; maxLength: number; messages: ChatMessage[] }
  | { type: 'message'; message: ChatMessage };

const KEEP = 100;
const wide = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 900px)').matches;

/**
 * The table's chat (decision 097): the players seated at this table, the recent messages on
 * joining, then each new one over the chat's own event stream. Members write; visitors and free-trial
 * players read. On a phone it folds away under its title bar (with the count of unread messages).
 */
export const ChatPanel = ({ standalone = false }: { standalone?: boolean }) => {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [readOnly, setReadOnly] = useState(true);
  const [maxLength, setMaxLength] = useState(200);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(() => standalone || wide());
  const [unread, setUnread] = useState(0);
  const list = useRef<HTMLOListElement>(null);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const es = new EventSource(`/api/live/chat/events?token=${encodeURIComponent(getToken() ?? '')}`);
    es.onmessage = (e) => {
      const ev = JSON.parse(e.data as string) as ChatEvent;
      if (ev.type === 'history') {
        setMessages(ev.messages);
        setReadOnly(ev.readOnly);
        setMaxLength(ev.maxLength);
      } else {
        setMessages((m) => [...m.filter((x) => x.id !== ev.message.id), ev.message].slice(-KEEP));
        if (!openRef.current) setUnread((n) => n + 1);
      }
    };
    return () => es.close();
  }, []);

  // Turning a tablet or resizing: the panel opens on a wide screen and folds on a narrow one.
  useEffect(() => {
    if (standalone) return;
    const mq = window.matchMedia('(min-width: 900px)');
    const follow = () => setOpen(mq.matches);
    mq.addEventListener('change', follow);
    return () => mq.removeEventListener('change', follow);
  }, [standalone]);

  useEffect(() => {
    const el = list.current;
    if (el && open) el.scrollTop = el.scrollHeight;
  }, [messages, open]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api('/live/chat', { body: { text } });
      setText('');
    } catch (err) {
      const a = err as ApiError;
      setError(
        a.code === 'CHAT_RATE_LIMITED'
          ? tl('chatSlow', {
              s: Math.ceil(((a.value as { retryAfterMs?: number } | null)?.retryAfterMs ?? 1000) / 1000),
            })
          : a.code === 'CHAT_TOO_LONG'
            ? tl('chatTooLong', { n: maxLength })
            : a.code === 'CHAT_READ_ONLY'
              ? tl('chatReadOnly')
              : a.message,
      );
    } finally {
      setBusy(false);
    }
  };

  const toggle = () => {
    setOpen((o) => !o);
    setUnread(0);
  };

  return (
    <aside
      className={`live-chat${open ? ' open' : ''}${standalone ? ' standalone' : ''}`}
      aria-label={tl('chat')}
      data-testid="live-chat"
    >
      <button type="button" className="chat-head" onClick={toggle} aria-expanded={open} data-testid="live-chat-toggle">
        <span>{tl('chat')}</span>
        {!open && unread > 0 && <span className="chat-unread">{tl('chatNew', { n: unread })}</span>}
        <span className="chat-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open && (
        <div className="chat-body">
          <ol className="chat-list" ref={list} aria-live="polite" data-testid="live-chat-list">
            {messages.length === 0 && <li className="muted small">{tl('chatEmpty')}</li>}
            {messages.map((m) => (
              <li key={m.id} data-testid="live-chat-message">
                <b>{m.name}</b> <span>{m.text}</span>
              </li>
            ))}
          </ol>
          {readOnly ? (
            <p className="muted small chat-note" data-testid="live-chat-readonly">
              {tl('chatReadOnly')}
            </p>
          ) : (
            <form className="chat-form" onSubmit={(e) => void send(e)}>
              <input
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={maxLength}
                placeholder={tl('chatPlaceholder')}
                aria-label={tl('chatPlaceholder')}
                data-testid="live-chat-input"
              />
              <button type="submit" disabled={busy || !text.trim()} data-testid="live-chat-send">
                {tl('chatSend')}
              </button>
            </form>
          )}
          {error && (
            <p className="message small" role="alert" data-testid="live-chat-error">
              {error}
            </p>
          )}
        </div>
      )}
    </aside>
  );
};
