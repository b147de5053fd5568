// Sections whose features arrive with later issues say so plainly instead of showing placeholders
// that look like working screens.
export const pages = {
  dashboard: {
    greeting: (username: string) => `Bonjour, ${username}`,
    fallbackUsername: 'Utilisateur',
  },
  projects: {
    title: 'Projets',
    notYet: 'La gestion des projets n’est pas encore disponible.',
    detailNotYet: 'Le détail des projets n’est pas encore disponible.',
  },
  tasks: {
    title: 'Tâches',
    notYet: 'La gestion des tâches n’est pas encore disponible.',
    newTitle: 'Nouvelle tâche',
    newNotYet: 'La création de tâches n’est pas encore disponible.',
  },
} as const;
