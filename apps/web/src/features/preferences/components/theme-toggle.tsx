import { fr } from '../../../locales/fr/index.ts';
import { updatePreferences } from '../preferences-store.ts';
import { useColorScheme } from '../theme-store.ts';

/** The label names the mode the button switches to ('Mode sombre' while the theme is light). */
export function ThemeToggle() {
  const scheme = useColorScheme();
  const next = scheme === 'light' ? 'dark' : 'light';
  return (
    <button
      type="button"
      className="button button--ghost theme-toggle"
      onClick={() => updatePreferences({ colorScheme: next })}
    >
      <span aria-hidden="true">{next === 'dark' ? '☾' : '☀'}</span>{' '}
      {next === 'dark' ? fr.layout.themeToDark : fr.layout.themeToLight}
    </button>
  );
}
