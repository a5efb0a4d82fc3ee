import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useT } from '../hooks/use-t.ts';
import { TYPES } from '../provider/chat-port.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { FriendChoices } from './friend-choices.ts';
import { FriendPicker } from './friend-picker.tsx';
import { DialogContent } from '../a11y/dialog-content.tsx';

const GROUP_TYPES = [TYPES.GRP_WORK, TYPES.GRP_PUBLIC, TYPES.GRP_MEETING, TYPES.GRP_AVCHATROOM] as const;

/** User IDs typed with commas, spaces or new lines: trimmed, empty and repeated ones dropped. */
export function parseUserIDs(text: string, selfID: string): string[] {
  return [...new Set(text.split(/[\s,，、]+/).map((s) => s.trim()))].filter((s) => s !== '' && s !== selfID);
}

/** The members to create with: the friends ticked, then the IDs typed, each once, never the user. */
export function chosenMembers(friends: ReadonlySet<string>, typed: string, selfID: string): string[] {
  return [...new Set([...friends, ...parseUserIDs(typed, selfID)])].filter((id) => id !== selfID);
}

/**
 * Decision 0012: the new group dialog — type, name, members picked from friends or typed by user ID (an AVChatRoom
 * takes no member list, reference §5). Public groups ask for approval to join (the reference's default).
 */
export function NewGroupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const ids = { type: useId(), name: useId(), members: useId() };
  const [type, setType] = useState<string>(TYPES.GRP_WORK);
  const [name, setName] = useState('');
  const [members, setMembers] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const choices = useMemo(() => new FriendChoices(kit.chat), [kit]);
  const friends = useSyncExternalStore(choices.subscribe, choices.getSnapshot, choices.getSnapshot);
  useEffect(() => {
    if (open) choices.load(kit.chat.getLoginUser());
  }, [open, choices, kit]);
  const toggle = (userID: string) =>
    setPicked((s) => {
      const next = new Set(s);
      if (!next.delete(userID)) next.add(userID);
      return next;
    });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: boolean) => {
    if (!next) {
      setName('');
      setMembers('');
      setPicked(new Set());
      setError(null);
      setType(TYPES.GRP_WORK);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) {
      setError(t('group.create.nameRequired'));
      return;
    }
    const memberList =
      type === TYPES.GRP_AVCHATROOM
        ? []
        : chosenMembers(picked, members, kit.chat.getLoginUser()).map((userID) => ({ userID }));
    setBusy(true);
    const result = await kit.groupActions.create({
      name: value,
      type,
      ...(memberList.length > 0 ? { memberList } : {}),
      ...(type === TYPES.GRP_PUBLIC ? { joinOption: TYPES.JOIN_OPTIONS_NEED_PERMISSION } : {}),
    });
    setBusy(false);
    if (result.ok) change(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog" aria-describedby={undefined} data-testid="new-group-dialog">
          <Dialog.Title className="pc-dialog__title">{t('group.create.title')}</Dialog.Title>
          <form onSubmit={submit} noValidate className="pc-form">
            <label className="pc-field" htmlFor={ids.type}>
              <span className="pc-field__label">{t('group.create.type')}</span>
              <select
                id={ids.type}
                className="pc-field__input"
                value={type}
                onChange={(e) => setType(e.target.value)}
                data-testid="group-type"
              >
                {GROUP_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`group.type.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="pc-field" htmlFor={ids.name}>
              <span className="pc-field__label">{t('group.create.name')}</span>
              <input
                id={ids.name}
                className="pc-field__input"
                value={name}
                maxLength={30}
                placeholder={t('group.create.namePlaceholder')}
                title={t('group.panel.nameHint')}
                autoComplete="off"
                aria-invalid={error !== null}
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
                data-testid="group-name-input"
              />
            </label>
            {type !== TYPES.GRP_AVCHATROOM && <FriendPicker state={friends} selected={picked} onToggle={toggle} />}
            {type !== TYPES.GRP_AVCHATROOM && (
              <label className="pc-field" htmlFor={ids.members}>
                <span className="pc-field__label">{t('group.create.members')}</span>
                <textarea
                  id={ids.members}
                  className="pc-field__input pc-field__textarea"
                  value={members}
                  rows={3}
                  placeholder={t('group.create.membersPlaceholder')}
                  onChange={(e) => setMembers(e.target.value)}
                  data-testid="group-members-input"
                />
              </label>
            )}
            {error && (
              <p className="pc-field__error" role="alert">
                {error}
              </p>
            )}
            <div className="pc-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="pc-button">
                  {t('group.create.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className="pc-button pc-button--primary" disabled={busy} data-testid="create-group">
                {t('group.create.create')}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
