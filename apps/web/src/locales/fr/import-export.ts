import type { ImportFormat, TaskStatus } from '@jalon/contract';

/** 'Importer et exporter' (/admin/import-export): files in, files out. */
export const importExport = {
  title: 'Importer et exporter',
  intro:
    'Reprenez un tableau Trello ou un fichier CSV dans Jalon, ou emportez vos données. Un import déjà fait ne se double pas : les tâches déjà importées sont ignorées.',
  import: {
    heading: 'Importer',
    file: 'Fichier',
    fileHint: 'Un export JSON de tableau Trello, un fichier CSV ou un export Jalon, 20 Mo au plus.',
    format: 'Format',
    formats: {
      csv: 'CSV (titre, description, statut, priorité, assigné, échéance, étiquettes)',
      trello: 'Tableau Trello (export JSON)',
      jalon: 'Export Jalon (JSON)',
    } satisfies Record<ImportFormat, string>,
    project: 'Projet',
    projectHint:
      'Les tâches vont dans ce projet, ou dans un nouveau projet nommé d’après le tableau ou le fichier.',
    newProject: 'Nouveau projet',
    projectsLoading: 'Chargement des projets…',
    preview: 'Prévisualiser',
    previewing: 'Lecture du fichier…',
    noFile: 'Choisissez un fichier.',
    error: 'Le fichier n’a pas été lu',
  },
  preview: {
    heading: 'Aperçu de l’import',
    into: (project: string) => `Dans le projet « ${project} »`,
    tasks: (count: number) =>
      count === 0 ? 'Aucune tâche à créer.' : count === 1 ? '1 tâche à créer.' : `${count} tâches à créer.`,
    statuses: 'Statuts',
    statusesCaption: 'Ce que devient chaque liste ou statut du fichier',
    source: 'Dans le fichier',
    becomes: 'Dans Jalon',
    status: {
      todo: 'À faire',
      in_progress: 'En cours',
      in_review: 'En revue',
      done: 'Terminée',
    } satisfies Record<TaskStatus, string>,
    matched: 'Personnes reconnues',
    unmatched: 'Personnes inconnues (tâches sans responsable)',
    none: 'Aucune',
    newLabels: 'Étiquettes créées',
    skipped: 'Ignoré',
    skippedCaption: 'Ce qui ne sera pas importé, et pourquoi',
    line: 'Où',
    reason: 'Pourquoi',
    confirm: 'Importer',
    importing: 'Import en cours…',
    cancel: 'Annuler',
    error: 'L’import n’a pas abouti',
  },
  done: (count: number) =>
    count === 0
      ? 'Import terminé : aucune nouvelle tâche.'
      : count === 1
        ? 'Import terminé : 1 tâche créée.'
        : `Import terminé : ${count} tâches créées.`,
  openProject: 'Ouvrir le projet',
  export: {
    heading: 'Exporter',
    text: 'Tous les projets, tâches, commentaires, étiquettes et membres (sans aucun secret), dans un fichier JSON qu’un autre Jalon sait importer.',
    all: 'Exporter tout (JSON)',
    exporting: 'Export en cours…',
    done: (fileName: string) => `Fichier enregistré : ${fileName}`,
    error: 'L’export n’a pas abouti',
    project: 'Projet à exporter en CSV',
    projectCsv: 'Exporter en CSV',
  },
};
