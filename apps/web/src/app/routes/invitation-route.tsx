import { AuthFrame } from '../../components/ui/auth-frame.tsx';
import { PasswordStrengthMeter } from '../../features/auth/components/password-strength-meter.tsx';
import { InvitationPage } from '../../features/members/components/invitation-page.tsx';

/** The public invitation page, framed like /reset-password, with the auth feature's strength meter. */
export function InvitationRoute() {
  return (
    <AuthFrame background={<div className="backdrop backdrop--static" aria-hidden="true" />}>
      <InvitationPage
        strengthMeter={(password, checksId) => (
          <PasswordStrengthMeter password={password} checksId={checksId} />
        )}
      />
    </AuthFrame>
  );
}
