import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  children?: ReactNode;
  /** The title and the controls on one line where they fit (a screen whose content should come first). */
  inline?: boolean;
}

export function PageHeader({ title, children, inline = false }: PageHeaderProps) {
  return (
    <header className={inline ? 'page-header page-header--inline' : 'page-header'}>
      <h1>{title}</h1>
      {children}
    </header>
  );
}
