import { maskName } from './crash-engine.ts';
import { GameError } from './errors.ts';

/**
 * Per-table live chat (decision 097): messages between the players seated at one live table.
 * Kept in memory beside the table engine (like the table's round), pushed over the chat's own
 * server-sent events stream; a restart empties the history. Visitors and free-trial sessions read
 * only; members write, within a length limit and a per-player rate limit, through a word filter
 * that masks the configured words.
 */
export interface ChatMessage {
  id: number;
  at: number;
  name: string;
  text: string;
}

export interface ChatSettings {
  /** Characters per message. */
  maxLength: number;
  /** Messages a player may send per window. */
  burst: number;
  windowMs: number;
  /** Messages kept per table and sent to whoever joins. */
  historySize: number;
  /** Masked words (case- and accent-insensitive, whole words). */
  blockedWords: string[];
}

/** The word list when none is configured: a few slurs and insults in the brand's languages. */
export const DEFAULT_BLOCKED_WORDS = [
  'idiot',
  'stupid',
  'scam',
  'fuck',
  'shit',
  'bitch',
  'porra',
  'caralho',
  'merda',
  'puta',
  'otario',
  'mierda',
  'pendejo',
  'cabron',
  'dcm',
  'vcl',
];

export const DEFAULT_CHAT: ChatSettings = {
  maxLength: 200,
  burst: 5,
  windowMs: 10_000,
  historySize: 50,
  blockedWords: DEFAULT_BLOCKED_WORDS,
};

/** Lower case without accents: the form both the text and the word list are compared in. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The text with every listed word masked (each of its letters by '*'), matched as a whole word,
 * case- and accent-insensitively; the rest of the text unchanged.
 */
export const maskWords = (text: string, words: readonly string[]): string => {
  const list = new Set(words.map((w) => fold(w.trim())).filter(Boolean));
  if (!list.size) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => (list.has(fold(word)) ? '*'.repeat([...word].length) : word));
};

/**
 * A message as it will be shown: control characters dropped, runs of white space made one space,
 * trimmed. Refused (400) when empty or over the length limit.
 */
export const cleanMessage = (raw: string, maxLength: number): string => {
  const text = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) throw new GameError('CHAT_EMPTY', 'Write a message first', 400);
  if ([...text].length > maxLength)
    throw new GameError('CHAT_TOO_LONG', `A message has at most ${maxLength} characters`, 400, { maxLength });
  return text;
};

/** A sliding-window limit per key: `burst` events per `windowMs`. */
export class RateLimit {
  private hits = new Map<string, number[]>();

  constructor(
    private readonly burst: number,
    private readonly windowMs: number,
  ) {}

  /** 0 when the event may happen now (and records it), else the milliseconds until it may. */
  take(key: string, now = Date.now()): number {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.burst) {
      this.hits.set(key, recent);
      return recent[0]! + this.windowMs - now;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.every((t) => now - t >= this.windowMs)) this.hits.delete(k);
    }
    return 0;
  }
}

type Listener = (m: ChatMessage) => void;

class TableChat {
  readonly history: ChatMessage[] = [];
  readonly listeners = new Set<Listener>();
}

export class LiveChat {
  private tables = new Map<string, TableChat>();
  private limit: RateLimit;
  private nextId = 1;

  constructor(readonly settings: ChatSettings = DEFAULT_CHAT) {
    this.limit = new RateLimit(settings.burst, settings.windowMs);
  }

  private table(id: string): TableChat {
    let t = this.tables.get(id);
    if (!t) {
      t = new TableChat();
      this.tables.set(id, t);
    }
    return t;
  }

  /** The table's recent messages, oldest first. */
  recent(tableId: string): ChatMessage[] {
    return [...this.table(tableId).history];
  }

  subscribe(tableId: string, fn: Listener): () => void {
    const t = this.table(tableId);
    t.listeners.add(fn);
    return () => t.listeners.delete(fn);
  }

  /**
   * A player's message to the table: refused for a read-only (visitor or free-trial) session, an
   * empty or too long text, or a player over the rate limit (429 with the wait in `retryAfterMs`).
   */
  post(tableId: string, who: { owner: string; nickname: string; readOnly: boolean }, raw: string): ChatMessage {
    if (who.readOnly)
      throw new GameError('CHAT_READ_ONLY', 'Visitors and free-trial players read the chat; sign in to write', 403);
    const text = maskWords(cleanMessage(raw, this.settings.maxLength), this.settings.blockedWords);
    const wait = this.limit.take(who.owner);
    if (wait > 0)
      throw new GameError('CHAT_RATE_LIMITED', `Too many messages; wait ${Math.ceil(wait / 1000)} s`, 429, {
        retryAfterMs: wait,
      });
    const msg: ChatMessage = { id: this.nextId++, at: Date.now(), name: maskName(who.nickname), text };
    const t = this.table(tableId);
    t.history.push(msg);
    if (t.history.length > this.settings.historySize) t.history.splice(0, t.history.length - this.settings.historySize);
    for (const fn of t.listeners) fn(msg);
    return msg;
  }
}
