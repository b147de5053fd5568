// Labels (issue 37): their chips, colours, the picker of a task's labels and the filter.
export const labels = {
  chipsLabel: 'Étiquettes',
  picker: {
    label: 'Étiquettes',
    placeholder: 'Ajouter une étiquette…',
    options: 'Étiquettes proposées',
    chosen: 'Étiquettes choisies',
    remove: (name: string) => `Retirer l’étiquette « ${name} »`,
    create: (name: string) => `Créer l’étiquette « ${name} »`,
    full: (max: number) => `Au plus ${max} étiquettes par tâche.`,
    count: (count: number) =>
      count === 0
        ? 'Aucune étiquette ne correspond.'
        : count === 1
          ? '1 étiquette proposée, Entrée pour la choisir.'
          : `${count} étiquettes proposées, flèches pour choisir, Entrée pour ajouter.`,
    added: (name: string) => `Étiquette « ${name} » ajoutée.`,
    removed: (name: string) => `Étiquette « ${name} » retirée.`,
    failed: (message: string) => `L’étiquette n’a pas pu être créée : ${message}`,
  },
  filter: 'Étiquette',
  colors: {
    gray: 'Gris',
    blue: 'Bleu',
    green: 'Vert',
    yellow: 'Jaune',
    orange: 'Orange',
    red: 'Rouge',
    purple: 'Violet',
    pink: 'Rose',
  },
} as const;
