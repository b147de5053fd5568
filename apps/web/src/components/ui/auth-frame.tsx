import type { ReactNode } from 'react';

interface AuthFrameProps {
  /** Decorative layer behind the card; must be aria-hidden by whoever renders it. */
  background?: ReactNode;
  children: ReactNode;
}

/** Full-screen frame of the signed-out screens: a background and one opaque card in a main landmark. */
export function AuthFrame({ background, children }: AuthFrameProps) {
  return (
    <div className="auth-frame">
      {background}
      <main className="auth-frame__main" id="main">
        <div className="auth-card">{children}</div>
      </main>
    </div>
  );
}
