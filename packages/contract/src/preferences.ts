import { z } from 'zod';
import { AUDIO } from './constants.ts';

export const THEME_KEYS = ['default', 'emerald', 'indigo', 'amber', 'rose', 'slate'] as const;
export const themeKeySchema = z.enum(THEME_KEYS);
export type ThemeKey = z.infer<typeof themeKeySchema>;

/** SPEC §5: animation intensity is clamped to 0..100 rather than refused. */
const clampedPercent = z.number().finite().transform((value) => Math.min(100, Math.max(0, Math.round(value))));

export const preferencesSchema = z
  .object({
    theme: themeKeySchema,
    colorScheme: z.enum(['light', 'dark']),
    focusMode: z.enum(['off', 'mono']),
    uiSounds: z.boolean(),
    advancedAudio: z.boolean(),
    animationIntensity: clampedPercent,
    ambientVolume: clampedPercent,
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesUpdateSchema = preferencesSchema.partial().strict();
export type PreferencesUpdate = z.input<typeof preferencesUpdateSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'default',
  colorScheme: 'light',
  focusMode: 'off',
  uiSounds: false,
  advancedAudio: false,
  animationIntensity: AUDIO.animationIntensityDefault,
  ambientVolume: AUDIO.ambientSliderDefault,
};
