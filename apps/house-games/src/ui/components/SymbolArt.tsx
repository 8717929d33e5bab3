import type { ReactNode } from 'react';
import { LOW_LABELS, type IconName, type SlotTheme } from '../../shared/themes.ts';

/** Vector art for every symbol, drawn in a 64×64 box: no image files, crisp at any size. */
const icons: Record<IconName, (c: string) => ReactNode> = {
  seven: (c) => (
    <text x="32" y="50" fontSize="46" fontWeight="900" textAnchor="middle" fill={c} stroke="#0008" strokeWidth="2">
      7
    </text>
  ),
  bar: (c) => (
    <g>
      <rect x="6" y="22" width="52" height="20" rx="4" fill={c} stroke="#0008" strokeWidth="2" />
      <text x="32" y="38" fontSize="15" fontWeight="900" textAnchor="middle" fill="#111">
        BAR
      </text>
    </g>
  ),
  cherry: (c) => (
    <g>
      <path d="M32 10 C28 24 22 30 20 38 M32 10 C36 24 42 30 44 38" stroke="#3f7d20" strokeWidth="3" fill="none" />
      <circle cx="20" cy="44" r="11" fill={c} />
      <circle cx="44" cy="44" r="11" fill={c} />
      <circle cx="16" cy="40" r="3" fill="#fff8" />
    </g>
  ),
  bell: (c) => (
    <g>
      <path d="M32 8 C18 8 16 24 16 34 L10 46 H54 L48 34 C48 24 46 8 32 8Z" fill={c} stroke="#0008" strokeWidth="2" />
      <circle cx="32" cy="52" r="5" fill={c} />
    </g>
  ),
  lemon: (c) => <ellipse cx="32" cy="34" rx="24" ry="17" fill={c} stroke="#0006" strokeWidth="2" />,
  grape: (c) => (
    <g fill={c} stroke="#0006">
      {[
        [24, 22],
        [36, 22],
        [30, 32],
        [18, 32],
        [42, 32],
        [24, 42],
        [36, 42],
        [30, 52],
      ].map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r="7" />
      ))}
    </g>
  ),
  melon: (c) => (
    <g>
      <path d="M6 26 A26 26 0 0 0 58 26 Z" fill="#22c55e" />
      <path d="M10 26 A22 22 0 0 0 54 26 Z" fill={c} />
      <g fill="#111">
        {[18, 26, 34, 42].map((x) => (
          <ellipse key={x} cx={x} cy={34} rx="2" ry="3" />
        ))}
      </g>
    </g>
  ),
  star: (c) => (
    <path
      d="M32 5 L40 24 L60 25 L44 38 L50 58 L32 47 L14 58 L20 38 L4 25 L24 24Z"
      fill={c}
      stroke="#0008"
      strokeWidth="2"
    />
  ),
  diamond: (c) => (
    <g>
      <path d="M14 20 L24 8 H40 L50 20 L32 56Z" fill={c} stroke="#0008" strokeWidth="2" />
      <path d="M14 20 H50 M24 8 L32 20 L40 8 M32 20 V56" stroke="#fff6" strokeWidth="1.5" fill="none" />
    </g>
  ),
  crown: (c) => (
    <g>
      <path d="M8 46 L12 18 L24 32 L32 12 L40 32 L52 18 L56 46Z" fill={c} stroke="#0008" strokeWidth="2" />
      <rect x="8" y="46" width="48" height="8" rx="2" fill={c} />
    </g>
  ),
  coin: (c) => (
    <g>
      <circle cx="32" cy="32" r="24" fill={c} stroke="#0008" strokeWidth="2" />
      <circle cx="32" cy="32" r="17" fill="none" stroke="#0005" strokeWidth="2" />
      <text x="32" y="40" fontSize="22" fontWeight="900" textAnchor="middle" fill="#0007">
        $
      </text>
    </g>
  ),
  clover: (c) => (
    <g fill={c}>
      {[
        [32, 20],
        [44, 32],
        [32, 44],
        [20, 32],
      ].map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r="11" />
      ))}
      <path d="M32 36 Q34 50 42 58" stroke={c} strokeWidth="4" fill="none" />
    </g>
  ),
  heart: (c) => (
    <path
      d="M32 56 C8 40 6 24 16 16 C24 10 32 16 32 22 C32 16 40 10 48 16 C58 24 56 40 32 56Z"
      fill={c}
      stroke="#0008"
      strokeWidth="2"
    />
  ),
  moon: (c) => <path d="M40 8 A24 24 0 1 0 56 44 A20 20 0 1 1 40 8Z" fill={c} stroke="#0006" strokeWidth="2" />,
  sun: (c) => (
    <g>
      <g stroke={c} strokeWidth="4">
        {Array.from({ length: 8 }, (_, i) => {
          const a = (i * Math.PI) / 4;
          return (
            <line
              key={i}
              x1={32 + 20 * Math.cos(a)}
              y1={32 + 20 * Math.sin(a)}
              x2={32 + 29 * Math.cos(a)}
              y2={32 + 29 * Math.sin(a)}
            />
          );
        })}
      </g>
      <circle cx="32" cy="32" r="15" fill={c} />
    </g>
  ),
  flame: (c) => (
    <path
      d="M32 4 C40 18 52 24 50 40 C48 54 38 60 32 60 C22 60 14 52 14 40 C14 30 22 26 24 16 C28 24 30 26 32 28 C34 20 34 12 32 4Z"
      fill={c}
      stroke="#0006"
      strokeWidth="2"
    />
  ),
  drop: (c) => (
    <path d="M32 6 C40 22 50 32 50 42 A18 18 0 0 1 14 42 C14 32 24 22 32 6Z" fill={c} stroke="#0006" strokeWidth="2" />
  ),
  leaf: (c) => (
    <path d="M10 54 C10 24 30 8 56 8 C56 34 40 54 10 54Z M10 54 L40 24" fill={c} stroke="#0006" strokeWidth="2" />
  ),
  lotus: (c) => (
    <g fill={c} stroke="#0006" strokeWidth="1.5">
      <path d="M32 10 C40 22 40 36 32 48 C24 36 24 22 32 10Z" />
      <path d="M10 26 C24 28 30 38 32 48 C20 46 12 38 10 26Z" />
      <path d="M54 26 C40 28 34 38 32 48 C44 46 52 38 54 26Z" />
      <path d="M8 48 H56" stroke={c} strokeWidth="3" />
    </g>
  ),
  pearl: (c) => (
    <g>
      <circle cx="32" cy="34" r="20" fill={c} />
      <circle cx="25" cy="27" r="6" fill="#fff9" />
    </g>
  ),
  shell: (c) => (
    <g>
      <path d="M32 8 L56 44 Q32 60 8 44Z" fill={c} stroke="#0006" strokeWidth="2" />
      <path d="M32 8 L20 50 M32 8 L32 54 M32 8 L44 50" stroke="#0005" strokeWidth="2" />
    </g>
  ),
  anchor: (c) => (
    <g stroke={c} strokeWidth="5" fill="none" strokeLinecap="round">
      <circle cx="32" cy="12" r="5" />
      <line x1="32" y1="17" x2="32" y2="56" />
      <line x1="20" y1="26" x2="44" y2="26" />
      <path d="M10 38 Q14 56 32 56 Q50 56 54 38" />
    </g>
  ),
  eye: (c) => (
    <g>
      <path d="M4 32 Q32 6 60 32 Q32 58 4 32Z" fill="#fff" stroke={c} strokeWidth="3" />
      <circle cx="32" cy="32" r="11" fill={c} />
      <circle cx="32" cy="32" r="4" fill="#111" />
    </g>
  ),
  ankh: (c) => (
    <g stroke={c} strokeWidth="6" fill="none" strokeLinecap="round">
      <ellipse cx="32" cy="18" rx="9" ry="12" />
      <line x1="32" y1="30" x2="32" y2="58" />
      <line x1="16" y1="34" x2="48" y2="34" />
    </g>
  ),
  pyramid: (c) => (
    <g>
      <path d="M32 6 L60 56 H4Z" fill={c} stroke="#0008" strokeWidth="2" />
      <path d="M32 6 L40 56" stroke="#0005" strokeWidth="2" />
    </g>
  ),
  scarab: (c) => (
    <g fill={c}>
      <ellipse cx="32" cy="36" rx="14" ry="18" />
      <circle cx="32" cy="14" r="7" />
      <path d="M18 30 L4 20 M18 42 L4 48 M46 30 L60 20 M46 42 L60 48" stroke={c} strokeWidth="3" />
    </g>
  ),
  mask: (c) => (
    <g>
      <path d="M6 20 Q32 8 58 20 Q58 50 32 58 Q6 50 6 20Z" fill={c} stroke="#0008" strokeWidth="2" />
      <ellipse cx="21" cy="30" rx="6" ry="4" fill="#111" />
      <ellipse cx="43" cy="30" rx="6" ry="4" fill="#111" />
    </g>
  ),
  feather: (c) => (
    <g>
      <path d="M48 6 C20 14 14 40 16 58 C34 50 52 30 48 6Z" fill={c} stroke="#0006" strokeWidth="2" />
      <path d="M16 58 L44 14" stroke="#0006" strokeWidth="2" />
    </g>
  ),
  skull: (c) => (
    <g>
      <path
        d="M32 6 C16 6 8 18 10 32 C11 40 16 42 18 46 V56 H46 V46 C48 42 53 40 54 32 C56 18 48 6 32 6Z"
        fill={c}
        stroke="#0008"
        strokeWidth="2"
      />
      <circle cx="23" cy="30" r="6" fill="#111" />
      <circle cx="41" cy="30" r="6" fill="#111" />
    </g>
  ),
  gem: (c) => (
    <g>
      <path d="M32 4 L56 22 L46 56 H18 L8 22Z" fill={c} stroke="#0008" strokeWidth="2" />
      <path d="M8 22 H56 M32 4 L22 22 L32 56 L42 22Z" stroke="#fff5" fill="none" />
    </g>
  ),
  rocket: (c) => (
    <g>
      <path d="M32 4 C44 14 46 30 42 44 H22 C18 30 20 14 32 4Z" fill={c} stroke="#0008" strokeWidth="2" />
      <circle cx="32" cy="24" r="6" fill="#bae6fd" />
      <path d="M22 44 L14 54 L24 50 M42 44 L50 54 L40 50" fill={c} />
      <path d="M26 46 L32 60 L38 46Z" fill="#f97316" />
    </g>
  ),
  planet: (c) => (
    <g>
      <circle cx="32" cy="32" r="16" fill={c} />
      <ellipse
        cx="32"
        cy="32"
        rx="28"
        ry="8"
        fill="none"
        stroke="#fde68a"
        strokeWidth="3"
        transform="rotate(-20 32 32)"
      />
    </g>
  ),
  bolt: (c) => <path d="M36 4 L12 36 H30 L26 60 L52 26 H34Z" fill={c} stroke="#0008" strokeWidth="2" />,
  horseshoe: (c) => (
    <path d="M14 10 V34 A18 18 0 0 0 50 34 V10 H40 V34 A8 8 0 0 1 24 34 V10Z" fill={c} stroke="#0008" strokeWidth="2" />
  ),
  cactus: (c) => (
    <g fill={c} stroke="#0006" strokeWidth="2">
      <rect x="26" y="8" width="12" height="50" rx="6" />
      <path d="M26 36 H16 V22" strokeWidth="7" stroke={c} fill="none" strokeLinecap="round" />
      <path d="M38 30 H48 V16" strokeWidth="7" stroke={c} fill="none" strokeLinecap="round" />
    </g>
  ),
  hat: (c) => (
    <g fill={c} stroke="#0008" strokeWidth="2">
      <ellipse cx="32" cy="44" rx="28" ry="8" />
      <path d="M18 44 C18 22 22 14 32 14 C42 14 46 22 46 44Z" />
    </g>
  ),
  candy: (c) => (
    <g>
      <circle cx="32" cy="32" r="14" fill={c} />
      <path d="M18 32 L4 22 V42Z M46 32 L60 22 V42Z" fill={c} />
      <path d="M24 24 L40 40 M28 20 L44 36" stroke="#fff8" strokeWidth="3" />
    </g>
  ),
  lollipop: (c) => (
    <g>
      <line x1="32" y1="36" x2="32" y2="62" stroke="#eee" strokeWidth="4" />
      <circle cx="32" cy="24" r="18" fill={c} />
      <path d="M32 24 m-10 0 a10 10 0 1 0 10 -10" stroke="#fff8" strokeWidth="3" fill="none" />
    </g>
  ),
  dragon: (c) => (
    <g>
      <path
        d="M8 40 C12 20 30 10 46 14 L58 8 L52 20 C58 30 52 44 40 48 L44 58 L32 50 L20 56 L22 46 C14 48 8 46 8 40Z"
        fill={c}
        stroke="#0008"
        strokeWidth="2"
      />
      <circle cx="44" cy="22" r="3" fill="#111" />
    </g>
  ),
  lantern: (c) => (
    <g>
      <rect x="28" y="4" width="8" height="6" fill="#facc15" />
      <ellipse cx="32" cy="32" rx="20" ry="22" fill={c} stroke="#0008" strokeWidth="2" />
      <path d="M32 10 V54 M18 16 Q32 32 18 48 M46 16 Q32 32 46 48" stroke="#0005" strokeWidth="2" fill="none" />
      <path d="M28 54 H36 V62 H28Z" fill="#facc15" />
    </g>
  ),
  fan: (c) => (
    <g>
      <path d="M32 56 L4 24 A38 38 0 0 1 60 24Z" fill={c} stroke="#0008" strokeWidth="2" />
      <path d="M32 56 L14 14 M32 56 L32 8 M32 56 L50 14" stroke="#0005" strokeWidth="2" />
    </g>
  ),
  sword: (c) => (
    <g>
      <path d="M30 4 H34 L36 44 H28Z" fill="#e5e7eb" stroke="#0008" />
      <rect x="18" y="44" width="28" height="6" rx="2" fill={c} />
      <rect x="29" y="50" width="6" height="10" fill={c} />
    </g>
  ),
  shield: (c) => (
    <g>
      <path d="M32 4 L56 12 V30 C56 46 44 56 32 60 C20 56 8 46 8 30 V12Z" fill={c} stroke="#0008" strokeWidth="2" />
      <path d="M32 12 V52 M16 28 H48" stroke="#0005" strokeWidth="3" />
    </g>
  ),
  axe: (c) => (
    <g>
      <rect x="29" y="8" width="6" height="52" rx="2" fill="#92400e" />
      <path d="M34 10 C52 10 58 22 56 34 C48 28 42 28 34 30Z" fill={c} stroke="#0008" strokeWidth="2" />
    </g>
  ),
  paw: (c) => (
    <g fill={c}>
      <ellipse cx="32" cy="42" rx="14" ry="12" />
      <circle cx="16" cy="26" r="6" />
      <circle cx="26" cy="16" r="6" />
      <circle cx="38" cy="16" r="6" />
      <circle cx="48" cy="26" r="6" />
    </g>
  ),
  banana: (c) => (
    <path
      d="M10 18 C14 44 34 56 56 46 C50 44 36 42 26 30 C20 22 18 16 18 10Z"
      fill={c}
      stroke="#0008"
      strokeWidth="2"
    />
  ),
  drum: (c) => (
    <g>
      <ellipse cx="32" cy="18" rx="22" ry="8" fill="#fde68a" stroke="#0008" strokeWidth="2" />
      <path d="M10 18 V46 C10 50 20 54 32 54 C44 54 54 50 54 46 V18" fill={c} stroke="#0008" strokeWidth="2" />
      <path d="M10 22 L54 46 M54 22 L10 46" stroke="#fff7" strokeWidth="2" />
    </g>
  ),
  trophy: (c) => (
    <g fill={c} stroke="#0008" strokeWidth="2">
      <path d="M18 8 H46 V24 C46 34 40 40 32 40 C24 40 18 34 18 24Z" />
      <path d="M18 12 H8 C8 24 14 28 18 28 M46 12 H56 C56 24 50 28 46 28" fill="none" />
      <rect x="28" y="40" width="8" height="10" />
      <rect x="18" y="50" width="28" height="8" rx="2" />
    </g>
  ),
};

export const SymbolArt = ({
  symbolKey,
  theme,
  size = 64,
  label,
}: {
  symbolKey: string;
  theme: SlotTheme;
  size?: number;
  label?: string;
}) => {
  const p = theme.palette;
  let body: ReactNode;
  if (symbolKey === 'W') {
    body = (
      <g>
        <rect x="4" y="14" width="56" height="36" rx="8" fill={p.accent} stroke="#0009" strokeWidth="2" />
        <text x="32" y="39" fontSize="17" fontWeight="900" textAnchor="middle" fill="#111">
          WILD
        </text>
      </g>
    );
  } else if (symbolKey === 'S') {
    body = (
      <g>
        <circle cx="32" cy="32" r="29" fill={p.glow} opacity="0.35" />
        {icons[theme.scatterIcon](p.glow)}
        <text x="32" y="62" fontSize="10" fontWeight="900" textAnchor="middle" fill="#fff">
          FREE
        </text>
      </g>
    );
  } else if (symbolKey.startsWith('h')) {
    const i = Number(symbolKey.slice(1)) - 1;
    const colors = [p.accent, p.glow, '#f87171', '#60a5fa', '#a3e635'];
    body = icons[theme.high[i % theme.high.length] as IconName](colors[i % colors.length] as string);
  } else {
    const i = Number(symbolKey.slice(1)) - 1;
    body = (
      <text
        x="32"
        y="46"
        fontSize={LOW_LABELS[i] === '10' ? 30 : 38}
        fontWeight="900"
        textAnchor="middle"
        fill={theme.lowColors[i % theme.lowColors.length]}
        stroke="#000a"
        strokeWidth="1.5"
      >
        {LOW_LABELS[i % LOW_LABELS.length]}
      </text>
    );
  }
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label={label ?? symbolKey}
      className="symbol-art"
    >
      {body}
    </svg>
  );
};
