import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Short line under the title; also the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Artwork or banner above the title (login/register panels). */
  hero?: ReactNode;
  testId?: string;
  /** Element to focus first; by default the first field or button inside the body. */
  initialFocus?: () => HTMLElement | null;
  /** A drawer slides in from the side (phone menu) instead of floating in the centre. */
  variant?: 'dialog' | 'drawer';
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  /** False for a step that must be finished (a forced password change): no close button, Escape or backdrop. */
  dismissible?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );

let openCount = 0;

/**
 * Accessible dialog: labelled by its title, aria-modal, focus kept inside while open, Escape and
 * the backdrop close it, focus goes back to the opener. Full screen on phones (see modal.css).
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  hero,
  testId,
  initialFocus,
  variant = 'dialog',
  hideTitle = false,
  dismissible = true,
}: ModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    openCount += 1;
    document.body.classList.add('has-modal');

    const body = panel?.querySelector<HTMLElement>('.modal__body');
    const target =
      initialFocus?.() ??
      body?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ??
      (body ? focusables(body)[0] : undefined) ??
      panel;
    target?.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (!panel) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (dismissibleRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openCount -= 1;
      if (openCount === 0) document.body.classList.remove('has-modal');
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
    // initialFocus is read once when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div className={`modal modal--${variant}`} data-size={size}>
      <div className="modal__backdrop" onClick={dismissible ? onClose : undefined} aria-hidden="true" />
      <div
        ref={panelRef}
        className={`modal__panel modal__panel--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        {dismissible ? (
          <button type="button" className="modal__close" onClick={onClose} aria-label={t('close')}>
            <Icon name="close" size={20} />
          </button>
        ) : null}
        {hero ? <div className="modal__hero">{hero}</div> : null}
        <div className={hideTitle ? 'visually-hidden' : 'modal__header'}>
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {description ? (
            <p id={descId} className="modal__description">
              {description}
            </p>
          ) : null}
        </div>
        {children != null ? <div className="modal__body">{children}</div> : null}
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
