import { Link, useLocation } from 'react-router';

interface NavItemProps {
  to: string;
  label: string;
  /** Paths (prefixes) for which this entry is the current page. */
  activeFor: readonly string[];
}

export function NavItem({ to, label, activeFor }: NavItemProps) {
  const { pathname } = useLocation();
  const active = activeFor.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return (
    <li>
      <Link to={to} className="nav__link" aria-current={active ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
}
