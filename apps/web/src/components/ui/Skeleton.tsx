import type { CSSProperties } from 'react';

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
  variant?: 'block' | 'text' | 'circle' | 'tile';
  className?: string;
}

/** A shimmering stand-in for content that is on its way. Hidden from assistive tech. */
export function Skeleton({ width, height, radius, variant = 'block', className }: SkeletonProps) {
  const style: CSSProperties = {};
  if (width !== undefined) style.width = width;
  if (height !== undefined) style.height = height;
  if (radius !== undefined) style.borderRadius = radius;
  return <span className={`skeleton skeleton--${variant} ${className ?? ''}`} style={style} aria-hidden="true" />;
}
