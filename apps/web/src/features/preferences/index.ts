// What other features use of the person's preferences: reading and changing them, and the colour scheme.
// The preferences form is not here: it brings its stylesheet wherever this index is imported (the
// layout's shortcuts), so app/ places it on /me and on the dashboard.
export { getPreferences, reloadPreferences, updatePreferences, usePreferences } from './preferences-store.ts';
export { getColorScheme, setColorScheme, useColorScheme, type ColorScheme } from './theme-store.ts';
export { contrastRatio } from './contrast.ts';
