import X from 'lucide-react/icons/x';
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { keepTabInside } from '../../lib/focus-trap.ts';
import { fr } from '../../locales/fr/index.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

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

  // A layout effect: the opener is read, and focus given back, in the commit that opens or closes the
  // drawer, before the browser paints (Preact runs a plain effect only after the paint, decision 0038).
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
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
    <div className="drawer-backdrop" hidden={!open} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panelRef}
        id={id}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={fr.layout.menu}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="icon-button drawer__close" aria-label={fr.layout.closeMenu} onClick={onClose}>
          <X aria-hidden="true" focusable="false" size={22} />
        </button>
        {children}
      </div>
    </div>
  );
}
