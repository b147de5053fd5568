import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.pages.security;

interface SecurityPageProps {
  /** Admin who must enrol in 2FA, or a sign-in that only holds a temporary token. */
  enrolmentRequired: boolean;
}

export function SecurityPage({ enrolmentRequired }: SecurityPageProps) {
  return (
    <>
      <PageHeader title={t.title} />
      {enrolmentRequired && <Alert tone="warning">{t.enrolmentRequired}</Alert>}
      <NotAvailable message={t.notYet} />
    </>
  );
}
