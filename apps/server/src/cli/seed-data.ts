import type { ProjectStatus } from '@jalon/contract';

/** Statuses cycle over the projects so project status (active, on hold, completed, cancelled) appears at least once. */
export const PROJECT_STATUSES_FOR_SEED: ProjectStatus[] = [
  'active',
  'active',
  'on_hold',
  'completed',
  'cancelled',
  'active',
  'on_hold',
  'completed',
];

export const SEED_PROJECTS = [
  {
    name: 'Refonte du site vitrine',
    short: 'site',
    description: 'Nouvelle charte graphique, pages produits et blog.',
    deadlineInDays: 21,
  },
  {
    name: 'Application mobile',
    short: 'mobile',
    description: 'Première version iOS et Android avec connexion hors ligne.',
    deadlineInDays: 45,
  },
  {
    name: 'Migration PostgreSQL',
    short: 'pg',
    description: 'Passage de la base historique vers PostgreSQL 15.',
    deadlineInDays: -3,
  },
  {
    name: 'Portail client',
    short: 'portail',
    description: 'Espace client : factures, tickets et documents.',
    deadlineInDays: 9,
  },
  {
    name: 'Automatisation des tests',
    short: 'tests',
    description: 'Tests de bout en bout et intégration continue.',
    deadlineInDays: -10,
  },
  {
    name: 'Tableau de bord ventes',
    short: 'ventes',
    description: 'Indicateurs commerciaux mis à jour chaque heure.',
    deadlineInDays: 2,
  },
  {
    name: 'Conformité RGPD',
    short: 'rgpd',
    description: 'Registre des traitements et purge des données.',
    deadlineInDays: 60,
  },
  {
    name: 'Support multilingue',
    short: 'langues',
    description: 'Traductions anglaise, espagnole et allemande.',
    deadlineInDays: 5,
  },
] as const;

export const SEED_TASK_TITLES = [
  'Rédiger les spécifications',
  'Maquetter les écrans',
  'Mettre en place le dépôt',
  'Écrire les tests',
  'Relire le code',
  'Préparer la démo',
  'Corriger les anomalies',
  'Mettre à jour la documentation',
  'Déployer en recette',
  'Analyser les retours',
  'Optimiser les performances',
  'Former l’équipe',
] as const;
