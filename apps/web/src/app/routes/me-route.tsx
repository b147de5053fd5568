import { MePage } from '../../features/me/components/me-page.tsx';
import { PreferencesForm } from '../../features/preferences/components/preferences-menu.tsx';

/** Composes the profile page with the display preferences form. */
export function MeRoute() {
  return <MePage preferencesForm={<PreferencesForm />} />;
}
