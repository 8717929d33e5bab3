import { useState } from 'react';

/**
 * Game artwork: lazy-loaded at a fixed size (no layout shift). A failed image is retried once
 * (spec §9 "image retry attempt 1"), then the tile shows its initials instead.
 */
export function GameArt({ src, name, eager = false }: { src: string; name: string; eager?: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  if (!src || attempt > 1) {
    return (
      <span className="game-art game-art--fallback" aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <img
      className="game-art"
      src={attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=1`}
      alt=""
      width={200}
      height={200}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setAttempt((a) => a + 1)}
    />
  );
}
