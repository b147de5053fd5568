import type { ReactNode } from 'react';

type Tone = 'error' | 'warning' | 'success' | 'info';

interface AlertProps {
  tone: Tone;
  children: ReactNode;
}

/** Errors interrupt (role alert); everything else is announced politely (role status). */
export function Alert({ tone, children }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
