import type { ThemeKey } from '@jalon/contract';

// Personal display preferences.
export const preferences = {
  menu: 'Thème et préférences',
  theme: 'Thème',
  themeNames: {
    default: 'Bleu Pro',
    emerald: 'Émeraude',
    indigo: 'Indigo',
    amber: 'Ambre',
    rose: 'Rose',
    slate: 'Ardoise',
  } satisfies Record<ThemeKey, string>,
  contrast: (grade: string) => `contraste ${grade}`,
  scheme: 'Apparence',
  light: 'Clair',
  dark: 'Sombre',
  focusMode: 'Mode focus (mono)',
  focusModeHint: 'Coupe tous les sons et l’ambiance, sans perdre vos réglages.',
  uiSounds: 'Sons d’interface',
  uiSoundsReducedMotion: 'Indisponibles : votre système demande de réduire les animations.',
  advancedAudio: 'Audio d’ambiance',
  singleKeyShortcuts: 'Raccourcis à une touche (g, n, r, f, m, 1 à 3, ?, /)',
  singleKeyShortcutsHint:
    'Désactivez-les si vous utilisez une commande vocale ou tapez souvent par erreur. Échap et les raccourcis avec Ctrl restent actifs.',
  animationIntensity: 'Intensité des animations',
  ambientVolume: 'Volume d’ambiance',
  percent: (value: number) => `${value} %`,
} as const;
