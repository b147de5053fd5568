// Live updates (issue 12): the badges of a task row and the realtime connection's error.
export const live = {
  badges: { stale: 'Stale', updating: 'Maj…', autoRefresh: 'Auto-refresh' },
  lastSync: (amount: number, unit: 's' | 'm' | 'h' | 'j') => `Dernière synchro : il y a ${amount} ${unit}`,
  /** Before the page's first catch-up has landed (after a reload). */
  syncing: 'Synchronisation…',
  connecting: 'Connexion…',
  reconnecting: (attempt: number, max: number) => `Reconnexion… (tentative ${attempt} sur ${max})`,
  gaveUp: 'Connexion perdue après 15 tentatives. Rafraîchissez la page.',
  revoked: 'Session terminée',
  digest: {
    title: 'Pendant votre absence…',
    tasks: (count: number) => (count === 1 ? '1 tâche' : `${count} tâches`),
    changedTasks: (name: string, tasks: string, projects: string) =>
      `${name} a modifié ${tasks} dans ${projects}`,
    changedProjects: (name: string, count: number, projects: string) =>
      `${name} a modifié ${count === 1 ? 'le projet' : 'les projets'} ${projects}`,
    moreProjects: (count: number) => (count === 1 ? 'un autre projet' : `${count} autres projets`),
    truncated: 'Et d’autres changements encore.',
    dismiss: 'Fermer le résumé',
  },
} as const;
