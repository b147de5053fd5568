import { SecurityPage } from '../../features/security/components/security-page.tsx';
import { useAuthOutletContext } from '../guards/auth-outlet-context.ts';

export function SecurityRoute() {
  const { restricted } = useAuthOutletContext();
  return <SecurityPage enrolmentRequired={restricted} />;
}
