import type { LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';

interface NavItemProps {
  to: string;
  label: string;
  /** Decorative: the label says where the link goes. */
  icon: LucideIcon;
  /** Paths (prefixes) for which this entry is the current page. */
  activeFor: readonly string[];
}

export function NavItem({ to, label, icon: Icon, activeFor }: NavItemProps) {
  const [pathname] = useLocation();
  const active = activeFor.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return (
    <li>
      <Link to={to} className="nav__link" aria-current={active ? 'page' : undefined}>
        <Icon aria-hidden="true" focusable="false" size={18} />
        {label}
      </Link>
    </li>
  );
}
