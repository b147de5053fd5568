import Menu from 'lucide-react/icons/menu';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { fr } from '../../locales/fr/index.ts';

const t = fr.layout;
const PAGES = Object.entries(t.pages);

/** The current screen's name, by the longest path prefix it starts with. */
export function pageName(pathname: string): string | null {
  const matches = PAGES.filter(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return matches.sort(([a], [b]) => b.length - a.length)[0]?.[1] ?? null;
}

interface PhoneTopBarProps {
  drawerId: string;
  menuOpen: boolean;
  onMenu: () => void;
  /** The connection state and the palette's button, on the right. */
  children: ReactNode;
}

/**
 * Below 768 px (decision 0034): one bar of at most 56 px instead of the sidebar, so the screen's own
 * title comes first. 'Menu' opens the navigation drawer; the 'm' shortcut presses it (data-shortcut-menu).
 */
export function PhoneTopBar({ drawerId, menuOpen, onMenu, children }: PhoneTopBarProps) {
  const [pathname] = useLocation();
  const page = pageName(pathname);
  return (
    <header className="top-bar" inert={menuOpen}>
      <button
        type="button"
        className="icon-button"
        aria-label={t.menu}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        aria-controls={drawerId}
        data-shortcut-menu
        onClick={onMenu}
      >
        <Menu aria-hidden="true" focusable="false" size={22} />
      </button>
      <p className="top-bar__title">
        <span className="top-bar__brand">{fr.common.productName}</span>
        {page && <span className="top-bar__page">{page}</span>}
      </p>
      <div className="top-bar__tools">{children}</div>
    </header>
  );
}
