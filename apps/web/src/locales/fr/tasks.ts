import type { TaskPriority } from '@jalon/contract';

/** done = Terminée, in_progress or doing = En cours, in_review or review = En revue, anything else = À faire. */
export function taskStatusLabel(status: string): string {
  switch (status) {
    case 'done':
      return 'Terminée';
    case 'in_progress':
    case 'doing':
      return 'En cours';
    case 'in_review':
    case 'review':
      return 'En revue';
    default:
      return 'À faire';
  }
}

export const taskPriorityLabels: Record<TaskPriority, string> = {
  high: 'Haute',
  medium: 'Moyenne',
  low: 'Basse',
};

export const tasks = {
  title: 'Tâches',
  statusLabel: taskStatusLabel,
  priorityLabels: taskPriorityLabels,
  refresh: 'Actualiser',
  refreshing: 'Actualisation…',
  loading: 'Chargement des tâches locales…',
  error: (message: string) => `Erreur: ${message}`,
  empty: 'Aucune tâche.',
  untitled: 'Sans titre',
  estimate: (minutes: number) => `Estimation: ~${minutes} min`,
  updating: 'Maj…',
  count: (count: number) => `${count} tâche${count > 1 ? 's' : ''}`,
  create: {
    title: 'Nouvelle tâche',
    name: 'Titre',
    description: 'Description',
    project: 'Projet',
    chooseProject: 'Choisir un projet',
    submit: 'Créer',
    submitting: 'Création…',
    noProject: 'Créez d’abord un projet pour y ajouter des tâches.',
    projectsLink: 'Aller aux projets',
    created: (title: string) => `Tâche « ${title} » créée.`,
  },
  edit: {
    open: 'Modifier',
    save: 'Sauver',
    cancel: 'Annuler',
    title: 'Titre',
    description: 'Description',
    deadline: 'Échéance',
    estimate: 'Estimation (minutes)',
    saved: 'Tâche enregistrée.',
  },
  views: {
    label: 'Vue',
    kanban: 'Kanban',
    list: 'Liste',
    calendar: 'Calendrier',
    shortcut: (key: string) => `Raccourci : ${key}`,
  },
  table: {
    columns: {
      status: 'Statut',
      priority: 'Priorité',
      title: 'Titre',
      project: 'Projet',
      assignee: 'Assigné à',
      deadline: 'Échéance',
      estimate: 'Estimation',
    },
    labels: 'Étiquettes',
    actions: 'Actions',
    sortBy: (column: string) => `Trier par ${column.toLocaleLowerCase('fr')}`,
    statusOf: (title: string) => `Statut de « ${title} »`,
    priorityOf: (title: string) => `Priorité de « ${title} »`,
    stepStatus: (title: string, status: string, next: string) =>
      `Statut de « ${title} » : ${status}. Passer à ${next}`,
    noDeadline: 'Aucune',
    minutes: (minutes: number) => `~${minutes} min`,
    changed: (title: string, field: string, value: string) =>
      `« ${title} » : ${field.toLocaleLowerCase('fr')} ${value}.`,
  },
  dueDate: {
    /** Beside the due date of a task not done whose deadline has passed: said in words, not by colour alone. */
    overdue: 'En retard',
    on: (day: string) => `Échéance : ${day}`,
  },
  filters: {
    label: 'Filtres',
    /** The phone's button that opens the filters, with how many apply. */
    toggle: (active: number) => (active > 0 ? `Filtres (${active})` : 'Filtres'),
    status: 'Statut',
    priority: 'Priorité',
    project: 'Projet',
    assignee: 'Assigné à',
    any: 'Tous',
    anyFeminine: 'Toutes',
    unassigned: 'Non assigné',
    /** Every status but 'Terminé': the dashboard's 'Tâches actives'. */
    notDone: 'Non terminées',
    due: 'Échéance',
    dueLabels: { overdue: 'En retard', week: 'Cette semaine', none: 'Sans échéance' },
    text: 'Rechercher',
    textHint: 'Titre ou description',
    reset: 'Réinitialiser les filtres',
    noMatch: 'Aucune tâche ne correspond aux filtres.',
  },
  subTasks: {
    /** A parent's progress, as cards and rows show it and as it is read aloud. */
    progress: (done: number, total: number) => `${done}/${total}`,
    progressLabel: (done: number, total: number) =>
      `${done} sous-tâche${done > 1 ? 's' : ''} terminée${done > 1 ? 's' : ''} sur ${total}`,
    /** A sub-task's parent, under its title in lists and boards. */
    parent: (title: string) => `Sous-tâche de « ${title} »`,
  },
  kanban: {
    moveTo: 'Déplacer vers…',
    moveLabel: (title: string) => `Déplacer « ${title} » vers`,
    moved: (title: string, column: string) => `« ${title} » déplacée vers ${column}.`,
    dragHint:
      'Glissez une carte vers une autre colonne, ou choisissez sa colonne avec son bouton « Déplacer vers… ».',
    columnCount: (count: number) => `${count} tâche${count > 1 ? 's' : ''}`,
  },
  calendar: {
    previous: 'Mois précédent',
    next: 'Mois suivant',
    today: 'Ce mois-ci',
    weekdays: [
      { short: 'Lun', long: 'lundi' },
      { short: 'Mar', long: 'mardi' },
      { short: 'Mer', long: 'mercredi' },
      { short: 'Jeu', long: 'jeudi' },
      { short: 'Ven', long: 'vendredi' },
      { short: 'Sam', long: 'samedi' },
      { short: 'Dim', long: 'dimanche' },
    ],
    agenda: 'Échéances du mois',
    noDeadlineThisMonth: 'Aucune échéance ce mois-ci.',
    more: (count: number) => `+ ${count} autre${count > 1 ? 's' : ''}`,
    moreOf: (count: number, day: string) =>
      `Afficher ${count > 1 ? `les ${count} autres tâches` : 'l’autre tâche'} du ${day}`,
    fewer: 'Afficher moins',
    fewerOf: (day: string) => `Afficher moins de tâches le ${day}`,
    withoutDeadline: (count: number) =>
      count === 1
        ? '1 tâche sans échéance n’apparaît pas dans le calendrier.'
        : `${count} tâches sans échéance n’apparaissent pas dans le calendrier.`,
  },
  updateFailed: (message: string) => `La modification n’a pas été enregistrée : ${message}`,
  newPage: {
    title: 'Nouvelle tâche',
    name: 'Titre',
    project: 'Projet',
    chooseProject: 'Choisir un projet',
    description: 'Description (facultative)',
    submit: 'Créer',
    submitting: 'Création…',
    cancel: 'Annuler',
    required: 'Titre et projet requis',
    created: 'Créé',
    projectsLoading: 'Chargement des projets…',
  },
} as const;
