import { useStore } from '../hooks/use-store.ts';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { MentionPicker } from '../group/mention-picker.tsx';
import { useMention } from '../group/use-mention.ts';
import { useGroup } from '../hooks/use-group.ts';
import { useT } from '../hooks/use-t.ts';
import { SendIcon } from '../icons/icons.tsx';
import { TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import { insertNewline, keyAction, textToSend } from './keys.ts';
// Rich messages (decision 0016): image, video and file buttons, paste (a drop is the chat window's, UI26).
import { InputPlugins, usePaste } from '../rich/input-plugins.tsx';
import { insertAt } from '../rich/emoji.ts';
// Message actions (decision 0015): pending quote, quick replies, rating, settings
import { ActionPlugins } from '../actions/plugins/plugins.tsx';
import { PendingReplyBar } from '../actions/replies/reply-ui.tsx';
// Edited messages (decision 0046)
import { EditingBar } from '../edits/edit-ui.tsx';
import type { ChatMessage } from '../provider/chat-port.ts';

type Factory = (base: {
  to: string;
  conversationType: string;
  needReadReceipt: boolean;
  cloudCustomData?: string;
}) => ChatMessage;

/**
 * Seed 000 §5: 'Enter a message'; Enter sends, Ctrl+Enter adds a newline, a trailing newline is trimmed. In a group:
 * '@' opens the mention picker, and the input is disabled while the user is muted or Mute All holds (KGRP1, KGRP7).
 */
/**
 * Where a user's focus stays put when a conversation's input appears (UI39): an open menu and another field. A dialog
 * is not one: the dialog that opened the conversation (new chat, a search result) is closing, and a modal one keeps
 * its focus by itself.
 */
const HOLDS_FOCUS = '[role="menu"], input, textarea, select, [contenteditable="true"]';

/**
 * Whether the input opening now may take the focus: the focus is nowhere in particular or on something merely
 * clicked (a conversation row, a tab, a dialog's button), or in a field that holds the input itself.
 */
export function mayTakeFocus(area: HTMLElement | null): boolean {
  const active = area?.ownerDocument.activeElement;
  if (!area || !active || active === area || active === area.ownerDocument.body) return true;
  const holder = active.closest(HOLDS_FOCUS);
  return holder === null || holder.contains(area);
}

export function MessageInput({ conversationID }: { conversationID: string }) {
  const kit = useKit();
  const t = useT();
  const id = useId();
  const group = useGroup();
  const isGroup = conversationID.startsWith(TYPES.CONV_GROUP);
  const muted = isGroup && group.groupID !== null ? group.mute : null;
  // Decision 0041: the input opens with the conversation's draft (kept on the server, so from any device).
  const [text, setText] = useState(() => kit.drafts.initial(conversationID));
  const [caretAt, setCaretAt] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const caret = useRef<number | null>(null);
  const mention = useMention(isGroup && muted === null, { text, caret: caretAt }, (next) => {
    caret.current = next.caret;
    setCaretAt(next.caret);
    setText(next.text);
  });

  // A re-edit (decision 0015) puts a recalled text back in the input, with the caret at its end.
  const draft = useStore(kit.actions.draft);
  const draftSeen = useRef(draft.n);
  useEffect(() => {
    if (draft.n === draftSeen.current) return;
    draftSeen.current = draft.n;
    caret.current = draft.text.length;
    setText(draft.text);
    setCaretAt(draft.text.length);
    area.current?.focus({ preventScroll: true });
  }, [draft]);

  // EDIT13: an edit puts the message's text in the input; when it ends (saved or cancelled) what was there comes back.
  const { editing } = useStore(kit.edits);
  const beforeEdit = useRef<string | null>(null);
  useEffect(() => {
    if (editing) {
      if (beforeEdit.current === null) beforeEdit.current = textRef.current;
      caret.current = editing.text.length;
      setText(editing.text);
      setCaretAt(editing.text.length);
      area.current?.focus({ preventScroll: true });
    } else if (beforeEdit.current !== null) {
      const restored = beforeEdit.current;
      beforeEdit.current = null;
      caret.current = restored.length;
      setText(restored);
      setCaretAt(restored.length);
    }
  }, [editing]);
  useEffect(() => () => kit.edits.cancel(), [kit]);

  // Focus lands in the input when a conversation opens (the component is keyed by conversation), unless the user
  // is already somewhere that holds it (UI39): the chat window mounts late (it loads lazily), and taking the focus
  // from an open menu closes the menu under the user's pointer.
  useEffect(() => {
    if (mayTakeFocus(area.current)) area.current?.focus({ preventScroll: true });
  }, []);

  // Every change of the text after the opening one is a draft to keep (DRF8), saved when the conversation is left.
  const opened = useRef(true);
  useEffect(() => {
    if (opened.current) {
      opened.current = false;
      return;
    }
    // The text of a message being edited is no draft (EDIT13).
    if (beforeEdit.current !== null) return;
    kit.drafts.input(conversationID, text);
  }, [kit, conversationID, text]);
  useEffect(() => () => kit.drafts.flush(conversationID), [kit, conversationID]);

  useEffect(() => {
    if (caret.current !== null && area.current) {
      area.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  const send = () => {
    const value = textToSend(text);
    if (editing) {
      void kit.edits.save(value ?? '');
      area.current?.focus({ preventScroll: true });
      return;
    }
    if (value === null || muted) return;
    const atUserList = mention.take(value);
    const port = kit.groupPort;
    const create: Factory =
      atUserList.length > 0 && port
        ? (base) => port.createTextAtMessage({ ...base, payload: { text: value, atUserList } })
        : (base) => kit.chat.createTextMessage({ ...base, payload: { text: value } });
    // Decision 0015: a pending quote or reply goes with the text; §14: a send is when notifications may be asked for.
    kit.messages.sendText(value, kit.features.decorate(create));
    kit.notifier.ask();
    kit.drafts.sent(conversationID);
    setText('');
    setCaretAt(0);
    kit.typing.stop();
    // UI5: the input keeps the focus, so a phone keyboard stays open between messages.
    area.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event)) return;
    if (editing && event.key === 'Escape') {
      event.preventDefault();
      kit.edits.cancel();
      return;
    }
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
    setCaretAt(next.caret);
    setText(next.value);
  };

  const paste = usePaste(muted !== null);
  // The emoji panel (KUPL8) and a quick reply (decision 0015) put their text at the caret, over any selection.
  const insertText = (code: string) => {
    const el = area.current;
    const next = insertAt(text, el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length, code);
    caret.current = next.caret;
    setCaretAt(next.caret);
    setText(next.value);
    el?.focus({ preventScroll: true });
  };
  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => setCaretAt(event.currentTarget.selectionStart);
  const pickerID = `${id}-mentions`;

  return (
    <div className={muted ? 'pc-input pc-input--muted' : 'pc-input'} data-muted={muted ?? undefined} {...paste}>
      <PendingReplyBar />
      <EditingBar />
      <div className="pc-toolbar">
        <InputPlugins disabled={muted !== null} onInsert={insertText} />
        <ActionPlugins disabled={muted !== null} onInsert={insertText} />
      </div>
      {mention.open && (
        <MentionPicker
          id={pickerID}
          candidates={mention.candidates}
          active={mention.active}
          onPick={mention.pick}
          searching={mention.searching}
        />
      )}
      <label htmlFor={id} className="pc-visually-hidden">
        {t('input.label')}
      </label>
      <textarea
        id={id}
        ref={area}
        className="pc-input__area"
        value={muted ? '' : text}
        rows={1}
        disabled={muted !== null}
        placeholder={muted ? t(`group.muted.${muted}`) : t('input.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          setCaretAt(e.target.selectionStart);
          kit.typing.input(e.target.value);
        }}
        onBlur={() => kit.typing.stop()}
        onSelect={track}
        onKeyDown={onKeyDown}
        aria-controls={mention.open ? pickerID : undefined}
        aria-activedescendant={mention.open ? `${pickerID}-${mention.active}` : undefined}
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
        disabled={muted !== null || textToSend(text) === null}
        aria-label={t('input.send')}
      >
        <SendIcon />
        <span className="pc-input__send-label">{t('input.send')}</span>
      </button>
    </div>
  );
}
