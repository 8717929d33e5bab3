import type { SVGProps } from 'react';

/**
 * Interface icons, drawn on a 24-unit grid with a 1.8 stroke. Decorative by default
 * (aria-hidden); give the surrounding control its accessible name.
 */
const PATHS = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  gift: 'M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zM3 7h18v4H3zM12 7v14M12 7S10.5 3 8 3.5 6.5 7 12 7zm0 0s1.5-4 4-3.5S17.5 7 12 7z',
  wallet: 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zm14 7h.01',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm10 3-5-5',
  close: 'M6 6l12 12M18 6 6 18',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  refresh: 'M20 11a8 8 0 0 0-14.3-4.9L4 8m0-5v5h5M4 13a8 8 0 0 0 14.3 4.9L20 16m0 5v-5h-5',
  chevronRight: 'm9 5 7 7-7 7',
  chevronLeft: 'm15 5-7 7 7 7',
  chevronDown: 'm5 9 7 7 7-7',
  crown: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10a7 7 0 0 1 14 0M16 3.1a4 4 0 0 1 0 7.8M22 21a7 7 0 0 0-4-6.3',
  receipt: 'M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4',
  download: 'M12 3v12m0 0 5-5m-5 5-5-5M4 19h16',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zm16 0h-3v6h2a1 1 0 0 0 1-1zm-3 6c0 1-2 2-5 2',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l-5-5 5-5M5 12h11',
  heart:
    'M12 20s-7.5-4.4-9.2-9.4C1.6 7 4 4 7 4c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3 0 5.4 3 4.2 6.6C19.5 15.6 12 20 12 20z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v5l3 2',
  flame:
    'M12 22c4 0 7-2.7 7-6.8 0-3.9-2.6-6.3-4.6-8.7-.5 2.3-1.7 3.5-3 4C12 7.5 10.5 4.5 8 2c.3 4-3 6.6-3 11 0 5 3 9 7 9z',
  sparkle:
    'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  grid: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  slot: 'M4 5h16v14H4zM9 5v14M15 5v14M6.5 10.5h.01M12 13.5h.01M17.5 10.5h.01',
  cards: 'M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm5 5-2.5 4L12 16l2.5-4z',
  live: 'M4 7h16v12H4zM8 3l4 4 4-4M10 11v4l3.5-2z',
  fish: 'M2 12s4-6 11-6c4 0 7 3 9 6-2 3-5 6-9 6-7 0-11-6-11-6zm0 0 3-3M2 12l3 3m11-4h.01',
  ball: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-14 3.5 2.5-1.3 4.2H9.8L8.5 9.5zm0-4v4m3.5 2.5L20 8m-5.8 5.7 2.3 4.8m-6.7-4.8-2.3 4.8M8.5 9.5 4 8',
  gamepad:
    'M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.4 1.8L15 14H9l-1.6 1.8A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4zm1 2v4m-2-2h4m7-1h.01M18 13h.01',
  ticket:
    'M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4zm10-2v2m0 3v2m0 3v2',
  rooster:
    'M8 21h8M12 21v-4m-5-6c0-3 2-6 5-6 0-1.5 1-2 2-2-.3 1 .5 2 1.5 2L17 7c1 2 1 4 0 6-1.5 3-4 4-6 4s-4-1.5-4-6zm-3 0 3-1 1 2z',
  dice: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 5h.01M16 8h.01M12 12h.01M8 16h.01M16 16h.01',
  menu: 'M4 6h16M4 12h16M4 18h16',
  shield: 'M12 3 4 6v6c0 5 3.5 8.5 8 9 4.5-.5 8-4 8-9V6z',
  message: 'M4 5h16v11H8l-4 4z',
  copy: 'M8 8h12v12H8zM4 16V4h12',
  chart: 'M4 20V4m0 16h16M8 16v-5m4 5V8m4 8v-3',
  megaphone: 'M3 10v4h3l6 4V6L6 10zm13-2a5 5 0 0 1 0 8m2.5-10.5a8.5 8.5 0 0 1 0 13',
  lock: 'M6 11h12v10H6zm2 0V8a4 4 0 0 1 8 0v3',
  arrowLeft: 'M19 12H5m6-6-6 6 6 6',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-5v-5m0-3h.01',
  alert: 'M12 3 2 20h20zm0 6v5m0 3h.01',
  check: 'm5 12 5 5 9-10',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0zm0 1H4v2a3 3 0 0 0 4 3m8-5h4v2a3 3 0 0 1-4 3m-4 3v4m-4 4h8l-1-4H9z',
  phone: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm4 17h2',
  mail: 'M3 5h18v14H3zm0 0 9 7 9-7',
  key: 'M15 3a6 6 0 1 1-5.7 7.9L3 17.2V21h3.8v-2.2H9v-2.2h2.2l1.5-1.5A6 6 0 0 1 15 3zm2 4h.01',
  smartphoneCode:
    'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm2 8h.01M12 10h.01M15 10h.01M11 18h2',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8m0-5v5h5m4-1v5l3 2',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  star: 'm12 3 2.8 5.6 6.2.9-4.5 4.4 1 6.1-5.5-2.9-5.5 2.9 1-6.1L3 9.5l6.2-.9z',
} as const;

export type IconName = keyof typeof PATHS;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
  /** When set, the icon is announced with this name instead of being hidden. */
  title?: string;
}

export function Icon({ name, size = 20, title, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
