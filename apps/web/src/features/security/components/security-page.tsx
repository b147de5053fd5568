import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, type TabItem } from '../../../components/ui/tabs.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { AuditPanel } from './audit-panel.tsx';
import { SessionsPanel, type SessionsPanelProps } from './sessions-panel.tsx';
import { TwoFactorPanel, type TwoFactorPanelProps } from './two-factor-panel.tsx';

const t = fr.security;

type TabKey = 'twoFactor' | 'sessions' | 'audit';

interface SecurityPageProps extends TwoFactorPanelProps, SessionsPanelProps {
  /**
   * Admin who must enrol in 2FA, or a sign-in that only holds a temporary token: only the 2FA tab
   * can work (sessions and the journal need a full session).
   */
  enrolmentRequired: boolean;
}

/** The security screen: three tabs, 2FA, Sessions and Journal d'audit. */
export function SecurityPage({
  enrolmentRequired,
  onSignInCompleted,
  onTwoFactorChanged,
  onSignedOut,
}: SecurityPageProps) {
  const [selected, setSelected] = useState<TabKey>('twoFactor');
  const active: TabKey = enrolmentRequired ? 'twoFactor' : selected;

  const items: TabItem<TabKey>[] = [
    {
      key: 'twoFactor',
      label: t.tabs.twoFactor,
      render: () => (
        <TwoFactorPanel onSignInCompleted={onSignInCompleted} onTwoFactorChanged={onTwoFactorChanged} />
      ),
    },
    {
      key: 'sessions',
      label: t.tabs.sessions,
      disabled: enrolmentRequired,
      render: () => <SessionsPanel onSignedOut={onSignedOut} />,
    },
    { key: 'audit', label: t.tabs.audit, disabled: enrolmentRequired, render: () => <AuditPanel /> },
  ];

  return (
    <>
      <PageHeader title={t.title} />
      {enrolmentRequired && (
        <Alert tone="warning">
          <p>{t.enrolmentRequired}</p>
          <p id="security-tabs-note">{t.tabsNeedSession}</p>
        </Alert>
      )}
      <Tabs
        label={t.tabsLabel}
        idPrefix="security"
        items={items}
        selected={active}
        onSelect={setSelected}
        describedBy={enrolmentRequired ? 'security-tabs-note' : undefined}
      />
    </>
  );
}
