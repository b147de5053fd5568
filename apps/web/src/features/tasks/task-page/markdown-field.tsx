import { useId, useState, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { MarkdownView } from './markdown-view.tsx';

const t = taskPage.markdown;

interface MarkdownFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
  /** More of the source field (a comment's keys and its '@' list's ARIA), and its ref. */
  textarea?: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & {
    ref?: Ref<HTMLTextAreaElement>;
  };
  /** Shown under the source while it is written (the '@' list). */
  children?: ReactNode;
}

/** A Markdown text's source, with 'Aperçu' beside 'Écrire' to see it as it will be shown. */
export function MarkdownField({
  id,
  label,
  value,
  onChange,
  rows = 4,
  maxLength,
  textarea,
  children,
}: MarkdownFieldProps) {
  const [previewing, setPreviewing] = useState(false);
  const tabs = useId();
  const hintId = `${id}-hint`;
  const tab = (preview: boolean, text: string) => (
    <button
      type="button"
      role="tab"
      id={`${tabs}-${preview ? 'preview' : 'write'}`}
      aria-selected={previewing === preview}
      aria-controls={`${tabs}-panel`}
      className={
        previewing === preview ? 'markdown-field__tab markdown-field__tab--on' : 'markdown-field__tab'
      }
      onClick={() => setPreviewing(preview)}
    >
      {text}
    </button>
  );
  return (
    <div className="field markdown-field">
      <label htmlFor={id}>{label}</label>
      <div role="tablist" aria-label={t.modes} className="markdown-field__tabs">
        {tab(false, t.write)}
        {tab(true, t.preview)}
      </div>
      <div
        role="tabpanel"
        id={`${tabs}-panel`}
        aria-labelledby={`${tabs}-${previewing ? 'preview' : 'write'}`}
      >
        {/* The source stays in the form while the preview shows, so the label keeps its field. */}
        <textarea
          {...textarea}
          id={id}
          className="input"
          rows={rows}
          maxLength={maxLength}
          hidden={previewing}
          aria-describedby={hintId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {!previewing && children}
        {previewing &&
          (value.trim() === '' ? (
            <p className="muted-text">{t.emptyPreview}</p>
          ) : (
            <MarkdownView source={value} />
          ))}
      </div>
      <p id={hintId} className="field__hint">
        {t.hint}
      </p>
    </div>
  );
}
