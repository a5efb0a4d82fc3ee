import * as Dialog from '@radix-ui/react-dialog';
import { type ComponentPropsWithoutRef, useRef } from 'react';

/**
 * Radix's Dialog.Content that gives focus back to what opened it (UI19). Radix returns focus only to a
 * Dialog.Trigger, and the kit opens its dialogs from buttons, menu items and rows that are not triggers, so focus
 * fell to <body> on close and a keyboard user started again from the top of the page. Every kit dialog uses this one
 * mechanism: remember the focused element as the dialog opens, focus it again as it closes if it is still on the page.
 * Whatever takes the focus inside is scrolled into sight (UI38).
 */
export function DialogContent({
  onOpenAutoFocus,
  onCloseAutoFocus,
  onFocus,
  ...props
}: ComponentPropsWithoutRef<typeof Dialog.Content>) {
  const opener = useRef<HTMLElement | null>(null);
  if (opener.current === null && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
    // While the content first renders, focus is still where the user was; Radix moves it in after mounting.
    if (document.activeElement !== document.body) opener.current = document.activeElement;
  }
  return (
    <Dialog.Content
      {...props}
      onOpenAutoFocus={onOpenAutoFocus}
      onFocus={(event) => {
        onFocus?.(event);
        // Radix moves the focus with preventScroll (as the dialog opens, and when Tab wraps from the last control to
        // the first), so in a dialog that scrolls the focused control could stay out of sight (UI38).
        if (event.target instanceof HTMLElement) event.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      }}
      onCloseAutoFocus={(event) => {
        onCloseAutoFocus?.(event);
        if (event.defaultPrevented) return;
        const target = opener.current;
        if (target?.isConnected) {
          event.preventDefault();
          target.focus();
        }
      }}
    />
  );
}
