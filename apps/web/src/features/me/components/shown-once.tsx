import { useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { copyText } from '../../../lib/clipboard.ts';

interface ShownOnceProps {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
}

/**
 * A secret the server shows this once (an access token, a feed's address): read-only, selected on
 * focus, with a copy button; a copy that fails leaves it selectable by hand.
 */
export function ShownOnce({ id, label, value, copyLabel, copiedLabel }: ShownOnceProps) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Field id={id} label={label}>
        {(control) => (
          <input
            {...control}
            className="input input--mono"
            readOnly
            value={value}
            onFocus={(event) => event.target.select()}
          />
        )}
      </Field>
      <div className="button-row">
        <button type="button" className="button" onClick={async () => setCopied(await copyText(value))}>
          {copyLabel}
        </button>
        {copied && (
          <span role="status" className="muted">
            {copiedLabel}
          </span>
        )}
      </div>
    </>
  );
}
