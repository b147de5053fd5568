import type { ThemeKey } from '@jalon/contract';

// Personal display preferences (SPEC §1, §3, §9).
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
  animationIntensity: 'Intensité des animations',
  ambientVolume: 'Volume d’ambiance',
  percent: (value: number) => `${value} %`,
} as const;
