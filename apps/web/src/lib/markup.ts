/**
 * The help centre's small markup (decision 058). An article is plain text: blank lines part
 * paragraphs, a line "## Title" is a heading, lines "- item" make a bulleted list and lines
 * "1. step" a numbered one. Nothing else has meaning: the text is shown as text, never as HTML.
 */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'steps'; items: string[] };

const BULLET = /^\s*[-•]\s+(.*)$/;
const STEP = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s*#{2,3}\s+(.*)$/;

export const parseArticle = (source: string): Block[] => {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const addItem = (kind: 'bullets' | 'steps', text: string) => {
    const last = blocks.at(-1);
    if (last && last.kind === kind) last.items.push(text);
    else blocks.push({ kind, items: [text] });
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const step = STEP.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: heading[1]! });
    } else if (bullet) {
      flush();
      addItem('bullets', bullet[1]!);
    } else if (step) {
      flush();
      addItem('steps', step[1]!);
    } else {
      // A line right after a list item starts a new paragraph rather than joining the list.
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
};
