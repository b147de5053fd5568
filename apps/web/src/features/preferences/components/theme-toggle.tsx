import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { fr } from '../../../locales/fr/index.ts';
import { updatePreferences } from '../preferences-store.ts';
import { useColorScheme } from '../theme-store.ts';

const ICON = { 'aria-hidden': true, focusable: false, size: 18 } as const;

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
      {next === 'dark' ? <Moon {...ICON} /> : <Sun {...ICON} />}
      {next === 'dark' ? fr.layout.themeToDark : fr.layout.themeToLight}
    </button>
  );
}
