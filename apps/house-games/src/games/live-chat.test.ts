import { describe, expect, it } from 'vitest';
import { LiveChat, RateLimit, cleanMessage, maskWords } from './live-chat.ts';

describe('live chat word filter', () => {
  it('masks listed words whole, whatever their case or accents, letter for letter', () => {
    expect(maskWords('Que MERDA, merdas e mérda', ['merda'])).toBe('Que *****, merdas e *****');
    expect(maskWords('scammer scam SCAM!', ['scam'])).toBe('scammer **** ****!');
    expect(maskWords('đồ ngốc', ['ngoc'])).toBe('đồ ****');
    expect(maskWords('nothing here', [])).toBe('nothing here');
    expect(maskWords('x', ['  ', ''])).toBe('x');
  });

  it('cleans control characters and white space, refuses empty and long texts', () => {
    expect(cleanMessage(' a\u0000b \n\t c\u202e ', 10)).toBe('a b c');
    expect(() => cleanMessage(' \n ', 10)).toThrow(/Write a message/);
    expect(cleanMessage('😀'.repeat(5), 5)).toBe('😀'.repeat(5));
    expect(() => cleanMessage('😀'.repeat(6), 5)).toThrow(/at most 5/);
  });
});

describe('live chat rate limit', () => {
  it('allows the burst per window per player and says how long to wait', () => {
    const r = new RateLimit(2, 1000);
    expect(r.take('a', 0)).toBe(0);
    expect(r.take('a', 100)).toBe(0);
    expect(r.take('a', 200)).toBe(800);
    expect(r.take('b', 200)).toBe(0);
    expect(r.take('a', 1000)).toBe(0);
    expect(r.take('a', 1050)).toBe(50);
  });

  it('keeps the last messages of a table only', () => {
    const chat = new LiveChat({ maxLength: 50, burst: 100, windowMs: 1000, historySize: 3, blockedWords: [] });
    for (let i = 0; i < 5; i++) chat.post('t', { owner: 'p:1', nickname: 'maria', readOnly: false }, `m${i}`);
    expect(chat.recent('t').map((m) => m.text)).toEqual(['m2', 'm3', 'm4']);
    expect(chat.recent('other')).toEqual([]);
  });
});
