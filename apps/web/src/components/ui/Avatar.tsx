import { Icon, type IconName } from './Icon.tsx';
import './avatar.css';

/** The avatars a member can choose (contract AVATARS: avatar-01 … avatar-12), drawn here: no image requests. */
const GLYPHS: IconName[] = [
  'star',
  'crown',
  'flame',
  'heart',
  'sparkle',
  'trophy',
  'dice',
  'cards',
  'ball',
  'fish',
  'rooster',
  'gamepad',
];

export const avatarGlyph = (avatar: string | null | undefined): IconName => {
  const n = Number(/(\d+)$/.exec(avatar ?? '')?.[1] ?? '1');
  return GLYPHS[(Math.max(1, n) - 1) % GLYPHS.length]!;
};

export interface AvatarProps {
  avatar: string | null | undefined;
  size?: number;
  /** VIP label (spec §2: avatar with VIP label); hidden when empty. */
  label?: string | null | undefined;
  className?: string;
}

export function Avatar({ avatar, size = 40, label, className }: AvatarProps) {
  const n = Number(/(\d+)$/.exec(avatar ?? '')?.[1] ?? '1');
  return (
    <span
      className={`avatar ${className ?? ''}`}
      data-tone={((Math.max(1, n) - 1) % 12) + 1}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <Icon name={avatarGlyph(avatar)} size={Math.round(size * 0.5)} />
      {label ? <span className="avatar__label">{label}</span> : null}
    </span>
  );
}
