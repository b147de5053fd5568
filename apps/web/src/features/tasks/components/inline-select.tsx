import type { ReactNode } from 'react';

interface InlineSelectProps<T extends string> {
  /** The accessible name, which says which task the choice is for. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  /** Decorative icon of the current value. */
  icon: ReactNode;
  onChange: (value: T) => void;
}

/** A compact native select inside a table row: keyboard and screen readers get the platform's own control. */
export function InlineSelect<T extends string>({
  label,
  value,
  options,
  icon,
  onChange,
}: InlineSelectProps<T>) {
  return (
    <span className="inline-select">
      {icon}
      <select
        className="input input--small"
        aria-label={label}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen && chosen.value !== value) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
