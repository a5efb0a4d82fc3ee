import * as Dialog from '@radix-ui/react-dialog';
import { type ComponentPropsWithoutRef, useRef } from 'react';

/**
 * Radix's Dialog.Content that gives focus back to what opened it (UI19). Radix returns focus only to a
 * Dialog.Trigger, and the kit opens its dialogs from buttons, menu items and rows that are not triggers, so focus
 * fell to <body> on close and a keyboard user started again from the top of the page. Every kit dialog uses this one
 * mechanism: remember the focused element as the dialog opens, focus it again as it closes if it is still on the page.
 */
export function DialogContent({
  onOpenAutoFocus,
  onCloseAutoFocus,
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
