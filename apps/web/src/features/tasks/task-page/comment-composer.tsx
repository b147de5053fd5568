import type { Member } from '@jalon/contract';
import { COMMENT_LIMITS } from '@jalon/contract/plain';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { MarkdownField } from './markdown-field.tsx';
import { insertMention, mentionChoices, mentionQueryAt } from './mention-text.ts';

const t = taskPage.comments;

interface CommentComposerProps {
  label: string;
  submitLabel: string;
  initial?: string;
  members: readonly Member[] | undefined;
  /** The trimmed text; the composer empties itself once it is handed over. */
  onSubmit: (body: string) => void;
  onCancel?: () => void;
}

/**
 * A comment's Markdown source with the '@' list: typing '@' offers the active members, filtered as one
 * types (accents folded). The list follows the palette's combobox pattern: the focus stays in the text, the
 * arrows move the active option (aria-activedescendant), Enter or Tab mentions it, Esc closes the list, and
 * a polite status says how many members are offered. Ctrl+Entrée sends.
 */
export function CommentComposer({
  label,
  submitLabel,
  initial = '',
  members,
  onSubmit,
  onCancel,
}: CommentComposerProps) {
  const id = useId();
  const listId = `${id}-mentions`;
  const field = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(initial);
  const [at, setAt] = useState<ReturnType<typeof mentionQueryAt>>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [caret, setCaret] = useState<number | null>(null);

  const open = at !== null && at.start !== dismissed;
  const choices = open ? mentionChoices(members ?? [], at.query) : [];
  const active = choices[Math.min(activeIndex, choices.length - 1)];
  const optionId = (userId: string) => `${id}-option-${userId}`;

  // The caret goes after a mention once React has put the new text in the field.
  useLayoutEffect(() => {
    if (caret === null || !field.current) return;
    field.current.setSelectionRange(caret, caret);
    setCaret(null);
  }, [caret]);

  const follow = (text: string) => {
    const position = field.current?.selectionStart ?? text.length;
    setAt(mentionQueryAt(text, position));
    setActiveIndex(0);
  };

  const choose = (member: Member) => {
    if (!at) return;
    const next = insertMention(value, at, member.id);
    setValue(next.text);
    setAt(null);
    setCaret(next.caret);
    field.current?.focus();
  };

  const submit = () => {
    const body = value.trim();
    if (body === '') return;
    if (body.length > COMMENT_LIMITS.bodyMax) return setError(t.tooLong(COMMENT_LIMITS.bodyMax));
    setError(null);
    onSubmit(body);
    setValue('');
    setAt(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (open && choices.length > 0) {
      const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (step !== undefined) {
        event.preventDefault();
        setActiveIndex((Math.min(activeIndex, choices.length - 1) + step + choices.length) % choices.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && active) {
        event.preventDefault();
        return choose(active);
      }
    }
    if (open && event.key === 'Escape') {
      // The list closes, not the panel the task is open in.
      event.preventDefault();
      setDismissed(at.start);
      return;
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="comment-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MarkdownField
        id={`${id}-body`}
        label={label}
        value={value}
        rows={3}
        maxLength={COMMENT_LIMITS.bodyMax}
        onChange={(text) => {
          setValue(text);
          follow(text);
        }}
        textarea={{
          ref: field,
          onKeyDown,
          onKeyUp: (event) => {
            if (!['ArrowUp', 'ArrowDown', 'Enter', 'Tab', 'Escape'].includes(event.key)) follow(value);
          },
          onClick: () => follow(value),
          onBlur: () => setAt(null),
          'aria-autocomplete': 'list',
          'aria-controls': open ? listId : undefined,
          'aria-activedescendant': open && active ? optionId(active.id) : undefined,
        }}
      >
        {open && (
          <ul id={listId} role="listbox" aria-label={t.mentionList} className="option-list">
            {choices.map((member) => (
              <li
                key={member.id}
                id={optionId(member.id)}
                role="option"
                aria-selected={member === active}
                className={
                  member === active
                    ? 'option-list__option option-list__option--active'
                    : 'option-list__option'
                }
                // The focus stays in the text, as the palette's does.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(member)}
              >
                @{member.username}
              </li>
            ))}
          </ul>
        )}
      </MarkdownField>
      <p role="status" className="visually-hidden">
        {open ? t.mentionCount(choices.length) : ''}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="inline-actions">
        <button type="submit" className="button button--primary">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
