import { useState } from 'react';

export interface BrandLogoProps {
  siteName: string;
  logoUrl?: string | undefined;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The brand's logo image; when there is none (or it fails to load) a wordmark made of the site
 * name stands in, so the header never shows a broken image.
 */
export function BrandLogo({ siteName, logoUrl, size = 'md' }: BrandLogoProps) {
  const [failed, setFailed] = useState(false);
  if (logoUrl && !failed) {
    return (
      <img
        className={`brand-logo brand-logo--${size}`}
        src={logoUrl}
        alt={siteName}
        height={size === 'lg' ? 56 : size === 'md' ? 36 : 28}
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  const initial = [...siteName.trim()][0]?.toUpperCase() ?? '★';
  return (
    <span className={`brand-mark brand-mark--${size}`}>
      <span className="brand-mark__badge" aria-hidden="true">
        {initial}
      </span>
      <span className="brand-mark__name">{siteName}</span>
    </span>
  );
}
