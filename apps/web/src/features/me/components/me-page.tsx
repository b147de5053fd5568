import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/activity.css';
import '../../../styles/preferences.css';
import { meQueryOptions } from '../../auth/index.ts';
import { EmailPreferenceSection } from '../../notifications/index.ts';
import { ApiTokensSection } from './api-tokens-section.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const t = fr.me;

/**
 * /me (shortcut g m): who I am, my password, my display preferences (`preferencesForm`, which the
 * preferences feature owns), where my 2FA is managed, how I am told of notifications by e-mail, my access
 * tokens for scripts and my calendar feed.
 */
export function MePage({ preferencesForm }: { preferencesForm: ReactNode }) {
  const me = useQuery(meQueryOptions());
  const user = me.data?.user;
  return (
    <>
      <PageHeader title={t.title} />
      <section className="card" aria-labelledby="me-profile-title">
        <h2 id="me-profile-title">{t.profile}</h2>
        {user && (
          <dl className="me__facts">
            <dt>{t.name}</dt>
            <dd>{user.username}</dd>
            <dt>{t.email}</dt>
            <dd>{user.email}</dd>
            <dt>{t.role}</dt>
            <dd>{t.roles[user.role] ?? user.role}</dd>
            <dt>{t.twoFactor}</dt>
            <dd>
              {user.twoFactorEnabled ? t.twoFactorOn : t.twoFactorOff} —{' '}
              <Link to="/security">{t.manageSecurity}</Link>
            </dd>
          </dl>
        )}
      </section>
      <section className="card">
        <ChangePasswordForm />
      </section>
      <section className="card" aria-labelledby="me-display-title">
        <h2 id="me-display-title">{t.display}</h2>
        {preferencesForm}
      </section>
      {user && <EmailPreferenceSection />}
      {user && <ApiTokensSection isAdmin={user.role === 'admin'} />}
      {user && <CalendarFeedSection />}
    </>
  );
}
