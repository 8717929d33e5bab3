import { useEffect, useState } from 'react';

/** A QR code image (spec §9: size 120, margin 5), drawn by the qrcode library loaded on demand. */
export function QrCode({ text, size, margin, alt }: { text: string; size: number; margin: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(text, { width: size, margin, errorCorrectionLevel: 'M' }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [text, size, margin]);
  return src ? (
    <img className="ag-qr" src={src} width={size} height={size} alt={alt} />
  ) : (
    <span className="ag-qr ag-qr--loading" style={{ width: size, height: size }} role="img" aria-label={alt} />
  );
}
