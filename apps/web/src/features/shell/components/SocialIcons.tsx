import type { ReactElement } from 'react';

/**
 * Social network marks for the footer (spec §2, §9 social keys), drawn as simple single-colour
 * glyphs so they take the theme's text colour.
 */
const GLYPHS: Record<string, ReactElement> = {
  FACEBOOK: <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V11H7v4h3v9h4v-9h3l.5-4H14V8.8c0-.5.3-.8 1-.8z" />,
  WHATSAPP: (
    <path d="M12 2.5A9.5 9.5 0 0 0 3.8 16.8L2.5 21.5l4.8-1.3A9.5 9.5 0 1 0 12 2.5zm0 1.8a7.7 7.7 0 1 1-3.9 14.3l-.3-.2-2.8.8.8-2.7-.2-.3A7.7 7.7 0 0 1 12 4.3zm-3 3.5c-.2 0-.6.1-.9.4-.3.4-1.1 1.1-1.1 2.6s1.1 3 1.3 3.2c.2.2 2.2 3.4 5.4 4.6 2.6 1 3.2.8 3.7.8.6-.1 1.8-.8 2.1-1.5.3-.7.3-1.4.2-1.5l-.6-.4-2-.9c-.3-.1-.5-.2-.7.1l-.9 1.1c-.2.2-.3.2-.6.1-.3-.1-1.2-.5-2.3-1.5-.9-.8-1.5-1.7-1.6-2-.2-.3 0-.5.1-.6l.5-.5.3-.5v-.5l-.9-2.2c-.2-.6-.5-.5-.7-.5H9z" />
  ),
  YOUTUBE: (
    <path d="M22 8.2a3 3 0 0 0-2-2.1C18.3 5.6 12 5.6 12 5.6s-6.3 0-8 .5a3 3 0 0 0-2 2.1A31 31 0 0 0 1.6 12c0 1.3.1 2.6.4 3.8a3 3 0 0 0 2 2.1c1.7.5 8 .5 8 .5s6.3 0 8-.5a3 3 0 0 0 2-2.1c.3-1.2.4-2.5.4-3.8s-.1-2.6-.4-3.8zM10 15.3V8.7l5.5 3.3z" />
  ),
  TIKTOK: (
    <path d="M16.5 2.5h-3.3v13a2.8 2.8 0 1 1-2.8-2.8c.3 0 .6 0 .8.1V9.4a6.1 6.1 0 1 0 5.3 6.1V9a7.6 7.6 0 0 0 4.4 1.4V7.1a4.4 4.4 0 0 1-4.4-4.6z" />
  ),
  INSTAGRAM: (
    <path d="M12 3c-2.4 0-2.7 0-3.7.1-2.6.1-4.1 1.6-4.2 4.2C4 8.3 4 8.6 4 11v2c0 2.4 0 2.7.1 3.7.1 2.6 1.6 4.1 4.2 4.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c2.6-.1 4.1-1.6 4.2-4.2.1-1 .1-1.3.1-3.7v-2c0-2.4 0-2.7-.1-3.7-.1-2.6-1.6-4.1-4.2-4.2C14.7 3 14.4 3 12 3zm0 1.8h3.6c1.7.1 2.5.9 2.6 2.6.1.9.1 1.2.1 3.6s0 2.7-.1 3.6c-.1 1.7-.9 2.5-2.6 2.6-.9.1-1.2.1-3.6.1s-2.7 0-3.6-.1c-1.7-.1-2.5-.9-2.6-2.6-.1-.9-.1-1.2-.1-3.6s0-2.7.1-3.6c.1-1.7.9-2.5 2.6-2.6.9-.1 1.2-.1 3.6-.1zm0 3a4.2 4.2 0 1 0 0 8.4 4.2 4.2 0 0 0 0-8.4zm0 6.9a2.7 2.7 0 1 1 0-5.4 2.7 2.7 0 0 1 0 5.4zm4.4-8a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" />
  ),
  TWITTER: (
    <path d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.2-8.3L1.9 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
  ),
  TELEGRAM: (
    <path d="M21.5 4.1 18.4 19c-.2 1-.9 1.3-1.7.8l-4.7-3.5-2.3 2.2c-.2.2-.5.4-.9.4l.3-4.8 8.8-8c.4-.3-.1-.5-.6-.2L6.4 12.8l-4.7-1.5c-1-.3-1-1 .2-1.5L20.2 2.8c.9-.3 1.6.2 1.3 1.3z" />
  ),
};

/** Display name of a social key ("Telegram" and "TELEGRAM" are the same network). */
export const socialName = (key: string): string => {
  const upper = key.toUpperCase();
  const names: Record<string, string> = {
    FACEBOOK: 'Facebook',
    WHATSAPP: 'WhatsApp',
    YOUTUBE: 'YouTube',
    TIKTOK: 'TikTok',
    INSTAGRAM: 'Instagram',
    TWITTER: 'X (Twitter)',
    TELEGRAM: 'Telegram',
  };
  return names[upper] ?? key;
};

export function SocialIcon({ network, size = 20 }: { network: string; size?: number }) {
  const glyph = GLYPHS[network.toUpperCase()];
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {glyph ?? <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}
