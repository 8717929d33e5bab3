import type { Theme, Whitelabel } from '@app/contract';
import type { CachedBrand } from '../../lib/system/index.ts';
import { readJson, writeJson } from '../../lib/storage.ts';

const BRAND_CACHE_KEY = 'brand.cache';

/** Theme key → CSS custom property on :root (see styles/tokens.css). */
const THEME_VARIABLES: Record<keyof Theme, string> = {
  primary: '--color-primary',
  primaryContrast: '--color-primary-contrast',
  background: '--color-background',
  surface: '--color-surface',
  surfaceRaised: '--color-surface-raised',
  text: '--color-text',
  textMuted: '--color-text-muted',
  accent: '--color-accent',
  success: '--color-success',
  danger: '--color-danger',
};

const isCssColor = (value: string): boolean =>
  typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('color', value);

export const applyTheme = (theme: Partial<Theme>): void => {
  const root = document.documentElement.style;
  for (const [key, variable] of Object.entries(THEME_VARIABLES) as [keyof Theme, string][]) {
    const value = theme[key];
    // A typo in the brand configuration must not blank out the page: keep the default.
    if (value && isCssColor(value)) root.setProperty(variable, value);
  }
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && theme.background && isCssColor(theme.background)) meta.content = theme.background;
};

const setLink = (rel: string, href: string): void => {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.href = href;
};

/** The tab's icon, and the icon and name iOS gives the site added to the home screen (decision 058). */
const setFavicon = (href: string, siteName: string): void => {
  setLink('icon', href);
  setLink('apple-touch-icon', href);
  if (!siteName) return;
  let title = document.querySelector<HTMLMetaElement>('meta[name="apple-mobile-web-app-title"]');
  if (!title) {
    title = document.createElement('meta');
    title.name = 'apple-mobile-web-app-title';
    document.head.append(title);
  }
  title.content = siteName;
};

/** Colours, title, favicon; remembered so the next visit's splash is already on brand. */
export const applyBrand = (whitelabel: Whitelabel): void => {
  applyTheme(whitelabel.theme);
  if (whitelabel.siteName) document.title = whitelabel.siteName;
  setFavicon(whitelabel.faviconUrl, whitelabel.siteName);
  const cached: CachedBrand = { siteName: whitelabel.siteName, logoUrl: whitelabel.logoUrl, theme: whitelabel.theme };
  writeJson('local', BRAND_CACHE_KEY, cached);
};

export const readCachedBrand = (): CachedBrand | null => readJson<CachedBrand>('local', BRAND_CACHE_KEY);

/** Called before the first render. */
export const applyCachedBrand = (): CachedBrand | null => {
  const cached = readCachedBrand();
  if (cached?.theme) applyTheme(cached.theme);
  if (cached?.siteName) document.title = cached.siteName;
  return cached;
};
