import { AuthFrame } from '../../components/ui/auth-frame.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';

export function ResetPasswordRoute() {
  return (
    <AuthFrame background={<div className="backdrop backdrop--static" aria-hidden="true" />}>
      <ResetPasswordPage />
    </AuthFrame>
  );
}
