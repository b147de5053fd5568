// The search of the shell ('Rechercher', `/`), its results and their groups.
export const search = {
  label: 'Rechercher',
  placeholder: 'Rechercher…',
  listLabel: 'Résultats de la recherche',
  groups: {
    task: 'Tâches',
    comment: 'Commentaires',
    project: 'Projets',
    label: 'Étiquettes',
    person: 'Personnes',
  },
  searching: 'Recherche…',
  empty: 'Aucun résultat.',
  offline: 'Résultats hors ligne',
  failed: 'La recherche a échoué.',
  openTask: (title: string) => `Ouvrir la tâche ${title}`,
  openProject: (name: string) => `Ouvrir le projet ${name}`,
  openLabel: (name: string) => `Voir les tâches étiquetées ${name}`,
  openPerson: (name: string) => `Voir les tâches assignées à ${name}`,
  close: 'Fermer la recherche',
  /** The palette's option that hands its question to the search. */
  searchFor: (question: string) => `Rechercher « ${question} » partout`,
} as const;
