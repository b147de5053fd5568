import { type ComponentProps, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useCloseOnEscape } from '../../lib/escape-layers.ts';
import '../../styles/popover.css';

export interface PopoverProps {
  /** The toggle's own attributes and content (its class, name, title); the popover adds its state. */
  button: Omit<ComponentProps<'button'>, 'type' | 'ref' | 'onClick' | 'aria-expanded' | 'aria-controls'>;
  /** The toggle's edge the panel lines up with, so that it stays on screen beside a sidebar or a corner. */
  align: 'start' | 'end';
  /** Sizes and spacing of this panel's own. */
  panelClassName?: string;
  /** The id of the panel's heading: the panel is then a region of that name. */
  labelledBy?: string;
  /** The panel's content, rendered only while it is open; `close` is for what closes it (a link). */
  children: (close: () => void) => ReactNode;
}

/**
 * A toggle button and the panel it discloses under it (the shell's inbox, the preferences menu). The
 * panel closes on a second click of the toggle, on a press outside it, and on Esc (one of the page's
 * Esc layers), which gives the focus back to the toggle.
 */
export function Popover({ button, align, panelClassName, labelledBy, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useCloseOnEscape(open, () => {
    setOpen(false);
    buttonRef.current?.focus();
  });

  const Panel = labelledBy ? 'section' : 'div';
  return (
    <div className="popover" ref={rootRef}>
      <button
        {...button}
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      />
      <Panel
        id={panelId}
        className={`popover__panel popover__panel--${align} ${panelClassName ?? ''}`.trimEnd()}
        aria-labelledby={labelledBy}
        hidden={!open}
      >
        {open && children(close)}
      </Panel>
    </div>
  );
}
