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
} as const;
