import { languageFallbacks, type Language } from '@app/contract';

/** Picks the text for a language, falling back to English, the brand's default, Portuguese, then any. */
export const localized = (
  texts: Record<string, string> | null | undefined,
  lang: string,
  defaultLanguage = 'PT',
): string => {
  if (!texts) return '';
  for (const l of languageFallbacks(lang as Language, defaultLanguage as Language)) {
    const t = texts[l];
    if (t) return t;
  }
  return Object.values(texts).find(Boolean) ?? '';
};

/**
 * Relative artwork paths live on one of the brand's image CDNs (spec: imageCDNs); the choice is
 * stable per item so browsers cache each image once, spread over the CDNs. Absolute URLs pass.
 */
export const imageUrl = (cdns: string[], path: string, seed: number): string => {
  if (!path || /^(https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:')) return path;
  const base = cdns.length ? cdns[Math.abs(seed) % cdns.length]! : '/cdn';
  return `${base.replace(/\/$/, '')}/${path}`;
};
