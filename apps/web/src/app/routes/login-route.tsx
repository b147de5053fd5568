import { lazy, Suspense } from 'react';
import { AuthFrame } from '../../components/ui/auth-frame.tsx';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

// The animated backgrounds load after the form so the login screen is usable at once.
const LoginBackground = lazy(() =>
  import('../../features/backgrounds/components/login-background.tsx').then((module) => ({
    default: module.LoginBackground,
  })),
);

export function LoginRoute() {
  return (
    <AuthFrame
      background={
        <Suspense fallback={<div className="backdrop backdrop--static" aria-hidden="true" />}>
          <LoginBackground />
        </Suspense>
      }
    >
      <LoginPage />
    </AuthFrame>
  );
}
