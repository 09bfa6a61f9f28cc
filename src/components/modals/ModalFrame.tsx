/**
 * The dialog shell every modal uses: a portal with a backdrop, role="dialog" aria-modal,
 * focus moved in on open and trapped (Tab / Shift+Tab cycle), the rest of the page inert,
 * page scroll locked (without the page shifting when the scrollbar goes), optional close on
 * Escape and on backdrop click, sizes sm/md/lg/xl.
 */
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZE_CLASS: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type ModalFrameProps = {
  /** id of the element naming the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  size?: ModalSize;
  /** Escape closes (default true). */
  closeOnEscape?: boolean;
  /** A click on the backdrop closes (default false). */
  closeOnBackdrop?: boolean;
  /** Focused on open; defaults to the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  testId?: string;
};

let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

/** Lock page scroll; nested modals share one lock. Exported for tests of the lock itself. */
export function lockScroll(doc: Document = document): () => void {
  if (locks++ === 0) {
    const body = doc.body;
    const scrollbar = (doc.defaultView?.innerWidth ?? 0) - doc.documentElement.clientWidth;
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  return () => {
    if (--locks === 0 && saved) {
      doc.body.style.overflow = saved.overflow;
      doc.body.style.paddingRight = saved.paddingRight;
      saved = null;
    }
  };
}

/** Make everything but `keep` inert; returns the undo. */
function inertOthers(keep: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const el of Array.from(document.body.children)) {
    if (el === keep || el.contains(keep) || el.hasAttribute('inert') || el.tagName === 'SCRIPT') continue;
    el.setAttribute('inert', '');
    changed.push(el);
  }
  return () => {
    for (const el of changed) el.removeAttribute('inert');
  };
}

export function ModalFrame({
  labelledBy,
  describedBy,
  onClose,
  size = 'md',
  closeOnEscape = true,
  closeOnBackdrop = false,
  initialFocus,
  children,
  testId,
}: ModalFrameProps) {
  const panel = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const closeOnEscapeRef = useRef(closeOnEscape);
  closeOnEscapeRef.current = closeOnEscape;

  useEffect(() => {
    const unlock = lockScroll();
    const restoreInert = root.current ? inertOthers(root.current) : () => {};
    const target = initialFocus?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current;
    target?.focus({ preventScroll: true });
    // Escape and Tab also when focus has left the panel (e.g. after a click on the backdrop).
    const onDocKey = (e: KeyboardEvent) => {
      if (panel.current?.contains(document.activeElement)) return;
      if (e.key === 'Escape' && closeOnEscapeRef.current) onCloseRef.current();
      if (e.key === 'Tab') {
        e.preventDefault();
        panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      }
    };
    document.addEventListener('keydown', onDocKey);
    return () => {
      document.removeEventListener('keydown', onDocKey);
      restoreInert();
      unlock();
    };
  }, [initialFocus]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      if (closeOnEscape) {
        e.stopPropagation();
        onCloseRef.current();
      }
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) {
      e.preventDefault();
      panel.current.focus();
      return;
    }
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !panel.current.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !panel.current.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div ref={root} className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6">
      <div
        aria-hidden="true"
        data-modal-backdrop=""
        className="absolute inset-0 bg-slate-900/60"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => closeOnBackdrop && onCloseRef.current()}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
        className={`relative max-h-[calc(100dvh-1.5rem)] w-full overflow-y-auto rounded-2xl bg-surface shadow-2xl focus:outline-none ${SIZE_CLASS[size]}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      data-modal-close=""
      onClick={onClick}
      className="absolute right-3 top-3 z-10 inline-flex size-10 items-center justify-center rounded-full bg-surface/90 text-muted hover:bg-page hover:text-ink"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
