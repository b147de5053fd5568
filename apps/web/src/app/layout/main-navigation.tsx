import ArrowDownUp from 'lucide-react/icons/arrow-down-up';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ListTodo from 'lucide-react/icons/list-todo';
import Plug from 'lucide-react/icons/plug';
import Shield from 'lucide-react/icons/shield';
import Users from 'lucide-react/icons/users';
import { fr } from '../../locales/fr/index.ts';
import { NavItem } from './nav-item.tsx';

const t = fr.layout;

/** The screens of the sidebar, or of the phone's menu. */
export function MainNavigation({ restricted, isAdmin }: { restricted: boolean; isAdmin: boolean }) {
  return (
    <nav aria-label={t.mainNavigation}>
      <ul className="nav">
        {/* While only /security is open, links that would bounce straight back are not offered. */}
        {!restricted && (
          <NavItem to="/" label={t.nav.dashboard} icon={LayoutDashboard} activeFor={['/dashboard']} />
        )}
        {!restricted && (
          <NavItem to="/projects" label={t.nav.projects} icon={FolderKanban} activeFor={['/projects']} />
        )}
        {!restricted && <NavItem to="/tasks" label={t.nav.tasks} icon={ListTodo} activeFor={['/tasks']} />}
        <NavItem to="/security" label={t.nav.security} icon={Shield} activeFor={['/security']} />
        {isAdmin && !restricted && (
          <NavItem to="/admin/members" label={t.nav.members} icon={Users} activeFor={['/admin/members']} />
        )}
        {isAdmin && !restricted && (
          <NavItem
            to="/admin/integrations"
            label={t.nav.integrations}
            icon={Plug}
            activeFor={['/admin/integrations']}
          />
        )}
        {isAdmin && !restricted && (
          <NavItem
            to="/admin/import-export"
            label={t.nav.importExport}
            icon={ArrowDownUp}
            activeFor={['/admin/import-export']}
          />
        )}
      </ul>
    </nav>
  );
}
