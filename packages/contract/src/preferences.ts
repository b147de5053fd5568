import { z } from 'zod';
import { THEME_KEYS } from './constants.ts';

export const themeKeySchema = z.enum(THEME_KEYS);

const percent = z.int().min(0).max(100);
/** Animation intensity (and volume) out of range is clamped to 0..100 rather than refused: a slider never errs. */
const clampedPercent = z
  .number()
  .finite()
  .transform((value) => Math.min(100, Math.max(0, Math.round(value))));

const preferenceFields = {
  theme: themeKeySchema,
  /** Absent until the person picks one: the interface then follows the system's scheme. */
  colorScheme: z.enum(['light', 'dark']).optional(),
  focusMode: z.enum(['off', 'mono']),
  uiSounds: z.boolean(),
  advancedAudio: z.boolean(),
  /** Single-key shortcuts (r, f, m, 1-3, ?, /, and g/n sequences) can be switched off (WCAG 2.1.4). */
  singleKeyShortcuts: z.boolean(),
};

/** The stored preferences, as the server answers them. */
export const preferencesSchema = z.strictObject({
  ...preferenceFields,
  animationIntensity: percent,
  ambientVolume: percent,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A partial update as the client sends it; percentages are clamped on the way in. */
export const preferencesUpdateSchema = z
  .object({ ...preferenceFields, animationIntensity: clampedPercent, ambientVolume: clampedPercent })
  .partial()
  .strict();
export type PreferencesUpdate = z.input<typeof preferencesUpdateSchema>;
