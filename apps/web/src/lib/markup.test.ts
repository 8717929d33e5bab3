import { describe, expect, it } from 'vitest';
import { parseArticle } from './markup.ts';

describe('help article markup', () => {
  it('reads paragraphs, headings, bullets and numbered steps', () => {
    const text = [
      'First line',
      'same paragraph.',
      '',
      '## How to',
      '1. Open it.',
      '2) Tap it.',
      '- one',
      '- two',
      'After the list.',
    ].join('\n');
    expect(parseArticle(text)).toEqual([
      { kind: 'paragraph', text: 'First line same paragraph.' },
      { kind: 'heading', text: 'How to' },
      { kind: 'steps', items: ['Open it.', 'Tap it.'] },
      { kind: 'bullets', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'After the list.' },
    ]);
  });

  it('keeps markup-looking text as text', () => {
    expect(parseArticle('<img src=x onerror=alert(1)>\r\n\r\n#not a heading')).toEqual([
      { kind: 'paragraph', text: '<img src=x onerror=alert(1)>' },
      { kind: 'paragraph', text: '#not a heading' },
    ]);
    expect(parseArticle('')).toEqual([]);
  });
});
