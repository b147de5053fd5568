import { z } from 'zod';
import { AUDIO } from './constants.ts';

export const THEME_KEYS = ['default', 'emerald', 'indigo', 'amber', 'rose', 'slate'] as const;
export const themeKeySchema = z.enum(THEME_KEYS);
export type ThemeKey = z.infer<typeof themeKeySchema>;

const percent = z.number().int().min(0).max(100);
/** SPEC §5: animation intensity (and volume) out of range is clamped to 0..100 rather than refused. */
const clampedPercent = z
  .number()
  .finite()
  .transform((value) => Math.min(100, Math.max(0, Math.round(value))));

const preferenceFields = {
  theme: themeKeySchema,
  colorScheme: z.enum(['light', 'dark']),
  focusMode: z.enum(['off', 'mono']),
  uiSounds: z.boolean(),
  advancedAudio: z.boolean(),
};

/** The stored preferences, as the server answers them. */
export const preferencesSchema = z
  .object({ ...preferenceFields, animationIntensity: percent, ambientVolume: percent })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

/** A partial update as the client sends it; percentages are clamped on the way in. */
export const preferencesUpdateSchema = z
  .object({ ...preferenceFields, animationIntensity: clampedPercent, ambientVolume: clampedPercent })
  .partial()
  .strict();
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
