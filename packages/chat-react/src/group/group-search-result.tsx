import { useId, useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useGroupIDs } from '../hooks/use-group.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { GroupSearchStore } from './group-search.ts';

/** One 'add group chat' search per mounted box or dialog, over the kit's group actions. */
export function useGroupSearch(): GroupSearchStore {
  const kit = useKit();
  const [store] = useState(() => new GroupSearchStore(kit.groupActions));
  return store;
}

/**
 * The search box's input (Enter searches, KCNT5) with its 'group does not exist' line; `onEscape` lets the inline
 * box close on Escape (a dialog closes itself).
 */
export function GroupSearchInput({ search, onEscape }: { search: GroupSearchStore; onEscape?: () => void }) {
  const t = useT();
  const inputID = useId();
  const { query, notFound } = useStore(search);
  return (
    <>
      <form
        className="pc-group-search__form"
        onSubmit={(event) => {
          event.preventDefault();
          void search.submit();
        }}
        noValidate
      >
        <label className="pc-visually-hidden" htmlFor={inputID}>
          {t('group.search.placeholder')}
        </label>
        <input
          id={inputID}
          className="pc-field__input pc-field__input--block"
          value={query}
          placeholder={t('group.search.placeholder')}
          autoComplete="off"
          maxLength={64}
          aria-invalid={notFound}
          onChange={(e) => search.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && onEscape) {
              e.preventDefault();
              onEscape();
            }
          }}
          data-testid="group-search-input"
        />
      </form>
      {notFound && (
        <p className="pc-field__error" role="alert">
          {t('group.search.notFound')}
        </p>
      )}
    </>
  );
}

/**
 * The found group (seed 001 §2.6: name, ID, type, avatar) and its action (§4 'Group detail buttons', KGRP9): join,
 * apply with a verification message, 'already applied', or 'already joined' with 'enter group chat' (`onEnter`: the
 * caller closes itself and opens the conversation its way).
 */
export function GroupSearchResult({
  search,
  onEnter,
}: {
  search: GroupSearchStore;
  onEnter: (groupID: string) => void;
}) {
  const t = useT();
  const messageID = useId();
  const joinedIDs = useGroupIDs();
  const { group, applyMessage, busy } = useStore(search);
  if (!group) return null;
  const button = search.button(joinedIDs);
  const { groupID } = group;
  return (
    <div className="pc-group-search__result" data-testid="group-result">
      <div className="pc-group-card">
        <Avatar id={group.groupID} src={group.avatar} size={48} />
        <div className="pc-group-card__main">
          <strong>{group.name}</strong>
          <span className="pc-kv__key">
            {t('group.panel.groupID')}: {group.groupID}
          </span>
          <span className="pc-kv__key">{t(`group.type.${group.type}`, { defaultValue: t('group.type.other') })}</span>
        </div>
      </div>
      {button === 'apply' && (
        <label className="pc-field" htmlFor={messageID}>
          <span className="pc-field__label">{t('group.search.applyMessage')}</span>
          <textarea
            id={messageID}
            className="pc-field__input pc-field__textarea"
            rows={2}
            maxLength={100}
            value={applyMessage}
            placeholder={t('group.search.defaultApply')}
            onChange={(e) => search.setApplyMessage(e.target.value)}
            data-testid="apply-message"
          />
        </label>
      )}
      <div className="pc-group-search__actions">
        {button === 'disabled' && <span className="pc-kv__key">{t('group.search.disabled')}</span>}
        {(button === 'applied' || button === 'joined') && (
          <span className="pc-state" data-testid="join-state">
            {t(`group.search.${button}`)}
          </span>
        )}
        {button === 'joined' && (
          <button type="button" className="pc-button pc-button--primary" onClick={() => onEnter(groupID)}>
            {t('group.panel.enterChat')}
          </button>
        )}
        {(button === 'join' || button === 'apply') && (
          <button
            type="button"
            className="pc-button pc-button--primary"
            disabled={busy}
            onClick={() => void search.join(t('group.search.defaultApply'))}
            data-testid="join-group"
          >
            {t(`group.search.${button}`)}
          </button>
        )}
      </div>
    </div>
  );
}
