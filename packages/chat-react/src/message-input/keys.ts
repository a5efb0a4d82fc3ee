/**
 * Seed 000 §5 input rules: Enter sends; Ctrl+Enter adds a newline (desktop); a trailing newline is trimmed; empty
 * input sends nothing. Shift+Enter keeps the browser's own newline; Enter while an IME is composing belongs to the IME.
 */
export type KeyAction = 'send' | 'newline' | 'default';

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing: boolean;
  /** 229: a key event that an IME is processing (Safari reports isComposing late). */
  keyCode?: number;
}

export function keyAction(e: KeyInput): KeyAction {
  if (e.key !== 'Enter' || e.isComposing || e.keyCode === 229) return 'default';
  if (e.ctrlKey || e.metaKey) return 'newline';
  if (e.shiftKey || e.altKey) return 'default';
  return 'send';
}

/** The text to send, or null when there is nothing to send. */
export function textToSend(raw: string): string | null {
  const text = raw.replace(/(\r?\n)+$/, '');
  return text.trim() === '' ? null : text;
}

/** Ctrl+Enter does not insert a newline in a textarea by itself: insert one at the caret. */
export function insertNewline(value: string, start: number, end: number): { value: string; caret: number } {
  return { value: `${value.slice(0, start)}\n${value.slice(end)}`, caret: start + 1 };
}
