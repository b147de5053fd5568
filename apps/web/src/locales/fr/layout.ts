export const layout = {
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Navigation principale',
  nav: {
    dashboard: 'Dashboard',
    projects: 'Projets',
    tasks: 'Tâches',
    security: 'Sécurité',
  },
  themeToLight: 'Mode clair',
  themeToDark: 'Mode sombre',
  online: 'En ligne',
  offline: 'Hors ligne',
  connectionLabel: 'État de la connexion',
  signOut: 'Se déconnecter',
  signingOut: 'Déconnexion…',
  conflictsTitle: 'Conflits',
  conflictsCount: (count: number) =>
    count === 1 ? '1 modification en conflit à résoudre.' : `${count} modifications en conflit à résoudre.`,
} as const;
