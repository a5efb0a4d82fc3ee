import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A button that opens a small panel below it, closed by Escape, a click outside or a choice. The portal's first
 * screen uses it instead of antd's Dropdown and Popover, which would add about 25 KB of gzipped JavaScript to it
 * (decision 0011).
 */
export function Disclosure({
  label,
  className,
  panelClassName,
  testId,
  ariaLabel,
  children,
}: {
  label: ReactNode;
  className: string;
  panelClassName: string;
  testId?: string;
  ariaLabel?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <span className="disclosure" ref={root}>
      <button
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
      </button>
      {open && (
        <div id={id} className={`disclosure__panel ${panelClassName}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </span>
  );
}
