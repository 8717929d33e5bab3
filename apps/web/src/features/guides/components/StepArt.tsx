/**
 * The guides' step pictures, drawn as SVG (no image files): a phone with the part of the screen
 * that the step is about picked out in the brand colour.
 */
export type Scene =
  | 'safari'
  | 'chrome'
  | 'browser'
  | 'share-bar'
  | 'menu-dots'
  | 'sheet-add'
  | 'sheet-install'
  | 'sheet-bookmark'
  | 'name'
  | 'home';

const HL = 'var(--color-primary)';
const INK = 'currentColor';

function Screen({ scene }: { scene: Scene }) {
  switch (scene) {
    case 'safari':
    case 'chrome':
    case 'browser':
      return (
        <g>
          <rect x="22" y="34" width="76" height="12" rx="6" fill="none" stroke={HL} strokeWidth="2" />
          <circle cx="60" cy="90" r="20" fill="none" stroke={HL} strokeWidth="3" />
          {scene === 'safari' ? <path d="M60 74 L66 90 L60 106 L54 90 Z" fill={HL} /> : null}
          {scene === 'chrome' ? (
            <>
              <circle cx="60" cy="90" r="8" fill={HL} />
              <path d="M60 70 L60 82 M43 100 L53 94 M77 100 L67 94" stroke={HL} strokeWidth="3" />
            </>
          ) : null}
          {scene === 'browser' ? (
            <path
              d="M40 90 H80 M60 70 C50 80 50 100 60 110 C70 100 70 80 60 70"
              fill="none"
              stroke={HL}
              strokeWidth="2"
            />
          ) : null}
        </g>
      );
    case 'share-bar':
      return (
        <g>
          <rect
            x="22"
            y="34"
            width="76"
            height="12"
            rx="6"
            fill="none"
            stroke={INK}
            strokeOpacity="0.35"
            strokeWidth="2"
          />
          <rect x="22" y="128" width="76" height="14" rx="4" fill={INK} fillOpacity="0.08" />
          <circle cx="60" cy="135" r="11" fill={HL} fillOpacity="0.2" stroke={HL} strokeWidth="2" />
          <path
            d="M60 129 V138 M56 132 L60 128 L64 132 M55 135 V140 H65 V135"
            fill="none"
            stroke={HL}
            strokeWidth="1.8"
          />
        </g>
      );
    case 'menu-dots':
      return (
        <g>
          <rect
            x="22"
            y="34"
            width="62"
            height="12"
            rx="6"
            fill="none"
            stroke={INK}
            strokeOpacity="0.35"
            strokeWidth="2"
          />
          <circle cx="92" cy="40" r="9" fill={HL} fillOpacity="0.2" stroke={HL} strokeWidth="2" />
          <circle cx="92" cy="35.5" r="1.6" fill={HL} />
          <circle cx="92" cy="40" r="1.6" fill={HL} />
          <circle cx="92" cy="44.5" r="1.6" fill={HL} />
        </g>
      );
    case 'sheet-add':
    case 'sheet-install':
    case 'sheet-bookmark':
      return (
        <g>
          {[0, 1, 2, 3].map((i) => (
            <rect key={i} x="26" y={60 + i * 18} width="68" height="12" rx="3" fill={INK} fillOpacity="0.1" />
          ))}
          <rect x="22" y={96} width="76" height="20" rx="5" fill={HL} fillOpacity="0.2" stroke={HL} strokeWidth="2" />
          {scene === 'sheet-add' ? (
            <path d="M30 100 h12 v12 h-12 z M36 103 v6 M33 106 h6" fill="none" stroke={HL} strokeWidth="1.6" />
          ) : null}
          {scene === 'sheet-install' ? (
            <path d="M36 100 v10 M32 106 l4 4 l4 -4 M30 113 h12" fill="none" stroke={HL} strokeWidth="1.6" />
          ) : null}
          {scene === 'sheet-bookmark' ? (
            <path d="M36 99 l2.5 5 5.5 .8 -4 3.9 1 5.5 -5-2.6 -5 2.6 1-5.5 -4-3.9 5.5-.8z" fill={HL} />
          ) : null}
          <rect x="48" y="103" width="42" height="6" rx="3" fill={HL} />
        </g>
      );
    case 'name':
      return (
        <g>
          <rect x="30" y="62" width="60" height="60" rx="14" fill={HL} fillOpacity="0.25" stroke={HL} strokeWidth="2" />
          <path d="M48 92 L56 100 L74 82" fill="none" stroke={HL} strokeWidth="4" strokeLinecap="round" />
          <rect x="26" y="36" width="68" height="14" rx="4" fill="none" stroke={HL} strokeWidth="2" />
          <rect x="31" y="41" width="30" height="4" rx="2" fill={HL} />
        </g>
      );
    case 'home':
      return (
        <g>
          {[0, 1, 2].map((r) =>
            [0, 1, 2].map((c) =>
              r === 2 && c === 2 ? null : (
                <rect
                  key={`${r}${c}`}
                  x={28 + c * 24}
                  y={44 + r * 28}
                  width="16"
                  height="16"
                  rx="4"
                  fill={INK}
                  fillOpacity="0.12"
                />
              ),
            ),
          )}
          <rect x="74" y="98" width="22" height="22" rx="6" fill={HL} stroke={HL} strokeWidth="2" />
          <path d="M85 103 C80 108 80 113 85 116 C90 113 90 108 85 103 Z" fill="var(--color-background)" />
        </g>
      );
  }
}

export function StepArt({ scene }: { scene: Scene }) {
  return (
    <svg className="guide-art" viewBox="0 0 120 160" width="96" height="128" aria-hidden="true" focusable="false">
      <rect
        x="14"
        y="6"
        width="92"
        height="148"
        rx="16"
        fill="var(--color-surface-sunken, #0002)"
        stroke="currentColor"
        strokeOpacity="0.5"
        strokeWidth="3"
      />
      <rect x="48" y="13" width="24" height="5" rx="2.5" fill="currentColor" fillOpacity="0.4" />
      <Screen scene={scene} />
    </svg>
  );
}
