// Labels (issue 37): their chips and colours.
export const labels = {
  chipsLabel: 'Étiquettes',
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
