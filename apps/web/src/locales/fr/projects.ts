import type { ProjectStatus } from '@jalon/contract';

export const projectStatusLabels: Record<ProjectStatus, string> = {
  active: 'Actif',
  on_hold: 'En pause',
  completed: 'Terminé',
  cancelled: 'Annulé',
};

export const projects = {
  title: 'Projets',
  statusLabels: projectStatusLabels,
  filter: {
    status: 'Filtrer par statut',
    all: 'Tous',
    search: 'Rechercher un projet',
    searchHint: 'Nom ou description',
    count: (shown: number, total: number) =>
      shown === total
        ? `${total} projet${total > 1 ? 's' : ''}`
        : `${shown} projet${shown > 1 ? 's' : ''} sur ${total}`,
  },
  newProject: 'Nouveau Projet',
  create: {
    title: 'Nouveau projet',
    name: 'Nom',
    description: 'Description',
    deadline: 'Échéance',
    submit: 'Créer le projet',
    submitting: 'Création…',
    cancel: 'Annuler',
    required: 'Nom, description et échéance requis',
    created: (name: string) => `Projet « ${name} » créé.`,
  },
  card: {
    status: 'Statut',
    createdAt: (date: string) => `Créé le ${date}`,
    taskCount: (count: number) => `${count} tâche${count > 1 ? 's' : ''}`,
    open: 'Ouvrir',
    delete: 'Supprimer',
  },
  empty: 'Aucun projet.',
  noMatch: 'Aucun projet ne correspond à ces critères.',
  loading: 'Chargement…',
  error: (message: string) => `Erreur: ${message}`,
  deleteDialog: {
    title: 'Supprimer le projet',
    message: 'Êtes-vous sûr de vouloir supprimer ce projet ? Cette action est irréversible.',
    confirm: 'Supprimer',
    cancel: 'Annuler',
  },
  deleted: (name: string) => `Projet « ${name} » supprimé.`,
  detail: {
    back: 'Retour',
    allProjects: 'Tous les projets',
    loading: 'Chargement…',
    notFound: 'Projet introuvable.',
    status: 'Statut',
    description: 'Description',
    deadline: 'Échéance',
    createdAt: 'Créé le',
    noDeadline: 'Aucune',
    tasksTitle: 'Tâches du projet',
    edit: {
      open: 'Modifier le projet',
      name: 'Nom',
      description: 'Description',
      deadline: 'Échéance',
      save: 'Enregistrer',
      cancel: 'Annuler',
    },
    progress: (percent: number) => `Progression : ${percent} %`,
    counters: 'Tâches par statut',
    views: 'Vues des tâches du projet',
    quickTask: {
      title: 'Ajouter une tâche',
      label: 'Titre de la tâche',
      submit: 'Ajouter',
      submitting: 'Ajout…',
      added: (title: string) => `Tâche « ${title} » ajoutée.`,
    },
    taskCreatedAt: (date: string) => `Créée le ${date}`,
    taskDeadline: (date: string) => `Échéance : ${date}`,
    taskNoDeadline: 'Sans échéance',
    tasksLoading: 'Chargement des tâches…',
    noTasks: 'Aucune tâche.',
  },
} as const;
