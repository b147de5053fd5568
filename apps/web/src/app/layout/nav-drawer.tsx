import X from 'lucide-react/icons/x';
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { keepTabInside } from '../../lib/focus-trap.ts';
import { fr } from '../../locales/fr/index.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

interface NavDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The phone's navigation (decision 0034): a modal dialog over the screen. Focus moves to its close
 * button, Tab stays inside, Esc or the close button or a tap beside it closes it, and focus goes back
 * to where it was ('Menu'). The caller makes the rest of the page inert while it is open. Its content
 * stays mounted while closed (a sign-out question, the conflicts panel), merely hidden.
 */
export function NavDrawer({ id, open, onClose, children }: NavDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  // Where the focus was when the drawer opened ('Menu'), to give it back when it closes.
  const openerRef = useRef<HTMLElement | null>(null);

  // A layout effect: the opener is read, and focus given back, in the commit that opens or closes the
  // drawer, before the browser paints. Given back by the closing commit's effect, not by the opening's
  // cleanup: React runs that cleanup while it changes the page, and then puts the focus back on the
  // element that had it (the drawer's button, now hidden).
  useLayoutEffect(() => {
    if (open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      return;
    }
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A dialog opened from inside (the sign-out question) handles its own keys first.
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    keepTabInside(event, panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
  };

  return (
    <div
      className="drawer-backdrop"
      hidden={!open}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panelRef}
        id={id}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={fr.layout.menu}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="icon-button drawer__close"
          aria-label={fr.layout.closeMenu}
          onClick={onClose}
        >
          <X aria-hidden="true" focusable="false" size={22} />
        </button>
        {children}
      </div>
    </div>
  );
}
