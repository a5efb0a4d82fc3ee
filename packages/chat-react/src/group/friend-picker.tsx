import { Avatar } from '../avatar/avatar.tsx';
import { useT } from '../hooks/use-t.ts';
import type { FriendChoicesState } from './friend-choices.ts';

/**
 * The friends list of the new-group dialog (KGRP12): a checkbox per friend, with loading, empty and error states.
 * Without a relationship module nothing shows: members are then added by user ID only.
 */
export function FriendPicker({
  state,
  selected,
  onToggle,
}: {
  state: FriendChoicesState;
  selected: ReadonlySet<string>;
  onToggle: (userID: string) => void;
}) {
  const t = useT();
  if (state.status === 'none' || state.status === 'idle') return null;
  return (
    <fieldset className="pc-field pc-friend-picker" data-testid="group-friend-picker">
      <legend className="pc-field__label">{t('group.create.fromFriends')}</legend>
      {state.status === 'loading' && <p className="pc-dialog__text">{t('chat.loading')}</p>}
      {state.status === 'error' && <p className="pc-dialog__text">{t('group.create.friendsFailed')}</p>}
      {state.status === 'ready' && state.friends.length === 0 && (
        <p className="pc-dialog__text">{t('group.create.noFriends')}</p>
      )}
      {state.friends.length > 0 && (
        <ul className="pc-picker__list" aria-label={t('group.create.fromFriends')}>
          {state.friends.map((f) => (
            <li key={f.userID}>
              <label className="pc-picker__row" data-testid="group-friend-option">
                <input type="checkbox" checked={selected.has(f.userID)} onChange={() => onToggle(f.userID)} />
                <Avatar id={f.userID} src={f.avatar} size={28} />
                <span className="pc-picker__label">{f.name}</span>
                {f.name !== f.userID && <span className="pc-picker__id">{f.userID}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
