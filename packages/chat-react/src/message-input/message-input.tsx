import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { SendIcon } from '../icons/icons.tsx';
import { useKit } from '../provider/kit-context.ts';
import { insertNewline, keyAction, textToSend } from './keys.ts';

/** Seed 000 §5: 'Enter a message'; Enter sends, Ctrl+Enter adds a newline, a trailing newline is trimmed. */
export function MessageInput() {
  const kit = useKit();
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  // Focus lands in the input when a conversation opens (the component is keyed by conversation).
  useEffect(() => {
    area.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (caret.current !== null && area.current) {
      area.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  const send = () => {
    const value = textToSend(text);
    if (value === null) return;
    kit.messages.sendText(value);
    setText('');
    // UI5: the input keeps the focus, so a phone keyboard stays open between messages.
    area.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = keyAction({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      isComposing: event.nativeEvent.isComposing,
      keyCode: event.keyCode,
    });
    if (action === 'default') return;
    event.preventDefault();
    if (action === 'send') {
      send();
      return;
    }
    const el = event.currentTarget;
    const next = insertNewline(el.value, el.selectionStart, el.selectionEnd);
    caret.current = next.caret;
    setText(next.value);
  };

  return (
    <div className="pc-input">
      <label htmlFor={id} className="pc-visually-hidden">
        {t('input.label')}
      </label>
      <textarea
        id={id}
        ref={area}
        className="pc-input__area"
        value={text}
        rows={1}
        placeholder={t('input.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="message-input"
      />
      <button
        type="button"
        className="pc-button pc-button--primary pc-input__send"
        onClick={send}
        // A press on Send must not take the focus from the input (the button is disabled, and so unfocusable, once
        // the text is cleared; on a phone a blur also closes the keyboard).
        onPointerDown={(event) => event.preventDefault()}
        onMouseDown={(event) => event.preventDefault()}
        disabled={textToSend(text) === null}
        aria-label={t('input.send')}
      >
        <SendIcon />
        <span className="pc-input__send-label">{t('input.send')}</span>
      </button>
    </div>
  );
}
