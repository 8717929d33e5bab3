import { useEffect, useState } from 'react';
import { loadChunk } from './chunks.ts';

/** Spec §9: QR size 120 with margin 5. */
export const QR_SIZE = 120;
const QR_OPTIONS = { width: QR_SIZE, margin: 5, errorCorrectionLevel: 'M' } as const;

/** Encodes a link as a QR image; the QR library is its own chunk, fetched only when a code is shown. */
export const useQrDataUrl = (text: string): string | null => {
  const [result, setResult] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let cancelled = false;
    loadChunk(() => import('qrcode'))
      .then((QRCode) => QRCode.toDataURL(text, QR_OPTIONS))
      .then((url) => {
        if (!cancelled) setResult({ text, url });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [text]);
  return result?.text === text ? result.url : null;
};

export type AppPlatform = 'ios' | 'android' | 'lite';
export const APP_PLATFORMS: readonly AppPlatform[] = ['ios', 'android', 'lite'];

/** The path of our own installation guide for a platform. */
export const guidePath = (platform: AppPlatform) => `/download/${platform}`;

/**
 * Whether an operator's download link is a real store or package link rather than our own guide
 * page (the demo brand links each platform to its guide).
 */
export const isStoreLink = (href: string, platform: AppPlatform, origin = globalThis.location?.origin ?? '') => {
  if (!href) return false;
  try {
    const url = new URL(href, origin || 'http://localhost');
    return url.pathname.replace(/\/+$/, '') !== guidePath(platform);
  } catch {
    return false;
  }
};
