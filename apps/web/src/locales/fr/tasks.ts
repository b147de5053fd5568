import type { TaskPriority } from '@jalon/contract';

/** SPEC §4: done = Terminée, in_progress or doing = En cours, in_review or review = En revue, anything else = À faire. */
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

export const taskPriorityLabels: Record<TaskPriority, string> = { high: 'Haute', medium: 'Moyenne', low: 'Basse' };

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
  kanban: {
    moveTo: 'Déplacer vers…',
    moveLabel: (title: string) => `Déplacer « ${title} » vers`,
    moved: (title: string, column: string) => `« ${title} » déplacée vers ${column}.`,
    dragHint: 'Glissez une carte vers une autre colonne, ou choisissez sa colonne dans « Déplacer vers… ».',
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
    more: (count: number) => `+ ${count} autre${count > 1 ? 's' : ''}`,
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
