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
