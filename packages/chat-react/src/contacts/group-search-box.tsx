import { useEffect, useRef, useState } from 'react';
import { GroupSearchInput, GroupSearchResult, useGroupSearch } from '../group/group-search-result.tsx';
import { useT } from '../hooks/use-t.ts';
import { UsersIcon } from '../icons/icons.tsx';
import { useKit } from '../provider/kit-context.ts';

/**
 * Seed 001 §2.6 'add group chat' in the contact column itself (KCNT16): the entry opens an inline search box (group
 * ID, Enter searches) with a cancel link that closes it and forgets the result; the found group shows below it with
 * its join / apply / 'already applied' / 'already joined' action. Escape in the box cancels too; focus returns to
 * the entry.
 */
export function GroupSearchBox() {
  const kit = useKit();
  const t = useT();
  const search = useGroupSearch();
  const [open, setOpen] = useState(false);
  const entry = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  // Focus follows the switch (the element that had it is gone): into the box on open, back to the entry on close.
  useEffect(() => {
    if (open) field.current?.querySelector('input')?.focus();
    else if (refocus.current) entry.current?.focus();
    refocus.current = false;
  }, [open]);

  const close = () => {
    search.reset();
    refocus.current = true;
    setOpen(false);
  };

  if (!open) {
    return (
      <button
        ref={entry}
        type="button"
        className="pc-contacts__search"
        onClick={() => setOpen(true)}
        data-testid="add-group"
      >
        <UsersIcon aria-hidden="true" />
        {t('contacts.column.addGroup')}
      </button>
    );
  }
  return (
    <section className="pc-group-search" aria-label={t('contacts.column.addGroup')} data-testid="group-search-box">
      <div className="pc-group-search__row">
        <div className="pc-group-search__field" ref={field}>
          <GroupSearchInput search={search} onEscape={close} />
        </div>
        <button type="button" className="pc-link" onClick={close} data-testid="group-search-cancel">
          {t('group.search.cancel')}
        </button>
      </div>
      <GroupSearchResult
        search={search}
        onEnter={(groupID) => {
          close();
          kit.contacts.enterGroup(groupID);
        }}
      />
    </section>
  );
}
