export const layout = {
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Navigation principale',
  nav: {
    dashboard: 'Dashboard',
    projects: 'Projets',
    tasks: 'Tâches',
    security: 'Sécurité',
    members: 'Membres',
  },
  themeToLight: 'Mode clair',
  themeToDark: 'Mode sombre',
  online: 'En ligne',
  offline: 'Pas de connexion internet',
  connectionLabel: 'État de la connexion',
  signOut: 'Se déconnecter',
  signingOut: 'Déconnexion…',
  /** The phone's top bar and its navigation drawer (decision 0034). */
  menu: 'Menu',
  closeMenu: 'Fermer le menu',
  /** The current screen's name in the phone's top bar, by path prefix. */
  pages: {
    '/dashboard': 'Dashboard',
    '/projects': 'Projets',
    '/tasks': 'Tâches',
    '/security': 'Sécurité',
    '/admin/members': 'Membres',
    '/activity': 'Activité',
    '/me': 'Mon profil',
    '/sync': 'Synchronisation',
    '/shortcuts': 'Raccourcis clavier',
  },
} as const;
