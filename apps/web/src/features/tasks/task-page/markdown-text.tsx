import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { EXTERNAL_LINK_REL, safeHref } from './safe-link.ts';

const t = taskPage.markdown;

const SafeLink = ({ href, children }: { href: string | undefined; children: ReactNode }) =>
  href ? (
    <a href={href} rel={EXTERNAL_LINK_REL} target="_blank">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );

// An image is shown as a link to it, never loaded: a remote image would tell its server who reads the task.
const components: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  // A task list's box ('- [x] fait') is read-only here: its state is written out for screen readers.
  input: ({ type, checked }) =>
    type === 'checkbox' ? (
      <input
        type="checkbox"
        checked={Boolean(checked)}
        disabled
        readOnly
        aria-label={checked ? t.checked : t.unchecked}
      />
    ) : null,
  img: ({ src, alt }) => <SafeLink href={typeof src === 'string' ? src : undefined}>{alt || src}</SafeLink>,
  // The page's own headings stay the page's: a task's text starts one level under its sections.
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  h3: ({ children }) => <h5>{children}</h5>,
  h4: ({ children }) => <h6>{children}</h6>,
};

/**
 * A task's text as Markdown (GitHub's flavour: task lists, tables, strikethrough, bare links). Raw HTML
 * is dropped, never rendered; a link whose address is not http(s) or mailto is plain text.
 */
export default function MarkdownText({ source }: { source: string }) {
  return (
    <div className="markdown-text">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url) => safeHref(url) ?? ''}
        components={components}
      >
        {source}
      </Markdown>
    </div>
  );
}
