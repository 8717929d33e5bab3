import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  badge?: ReactNode;
}

export interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix shared with TabPanel so panels can point back at their tab. */
  idPrefix?: string;
  variant?: 'pills' | 'underline';
  className?: string;
  /** Set when a TabPanel is rendered for the selected tab (filters without panels leave it off). */
  controlsPanels?: boolean;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/** WAI-ARIA tabs: arrow keys move and select, Home/End jump to the ends. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
  variant = 'pills',
  className,
  controlsPanels = false,
}: TabsProps<T>) {
  const autoId = useId();
  const prefix = idPrefix ?? `tabs${autoId.replace(/:/g, '')}`;
  const listRef = useRef<HTMLDivElement>(null);

  const focusTab = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.id);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(prefix, item.id))}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((item) => item.id === value);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={`tabs tabs--${variant} ${className ?? ''}`}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            id={tabId(prefix, item.id)}
            type="button"
            role="tab"
            className={`tabs__tab${selected ? ' tabs__tab--active' : ''}`}
            aria-selected={selected}
            aria-controls={controlsPanels && selected ? panelId(prefix, item.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
          >
            {item.label}
            {item.badge ? <span className="tabs__badge">{item.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      className="tabs__panel"
      tabIndex={0}
    >
      {children}
    </div>
  );
}
