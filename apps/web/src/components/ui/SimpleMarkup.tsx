import { parseArticle, type Block } from '../../lib/markup.ts';

/** One block of the small markup as elements: the text is never read as HTML. */
function MarkupBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading':
      return <h4 className="markup__heading">{block.text}</h4>;
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'bullets':
      return (
        <ul className="markup__list">
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
    case 'steps':
      return (
        <ol className="markup__list markup__list--steps">
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ol>
      );
  }
}

/** Operator-written text (help articles, promotion rules) in the small markup of lib/markup.ts. */
export function SimpleMarkup({ text }: { text: string }) {
  return (
    <>
      {parseArticle(text).map((block, i) => (
        <MarkupBlock key={i} block={block} />
      ))}
    </>
  );
}
