import { lazy, Suspense } from 'react';

// The Markdown renderer (about 40 kB gzipped with its parser) loads the first time a text is shown,
// never with the lists, the board or the dashboard.
const MarkdownText = lazy(() => import('./markdown-text.tsx'));

/** A task's text rendered as Markdown; the plain text stays readable while the renderer loads. */
export function MarkdownView({ source }: { source: string }) {
  return (
    <Suspense
      fallback={
        <div className="markdown-text markdown-text--plain" aria-busy="true">
          {source}
        </div>
      }
    >
      <MarkdownText source={source} />
    </Suspense>
  );
}
