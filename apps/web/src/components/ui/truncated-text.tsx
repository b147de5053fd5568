interface TruncatedTextProps {
  text: string;
  className?: string;
}

/**
 * Text that may be cut with an ellipsis in a narrow cell: the whole text shows on hover (its title) and,
 * for the keyboard, when it takes the focus, where it wraps in place (components.css `.truncated-text`).
 */
export function TruncatedText({ text, className }: TruncatedTextProps) {
  return (
    // A focus stop of its own, so that a keyboard user can read what the ellipsis hides.
    <span className={className ? `truncated-text ${className}` : 'truncated-text'} title={text} tabIndex={0}>
      {text}
    </span>
  );
}
