import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../hooks/use-t.ts';
import { TYPES } from '../provider/chat-port.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { GroupSearchInput, GroupSearchResult, useGroupSearch } from './group-search-result.tsx';
import { DialogContent } from '../a11y/dialog-content.tsx';

/**
 * seed 001 §2.6, §4: 'add group chat' from the new-chat menu, in a dialog. The rules (trim, empty does
 * nothing, 'group does not exist' clears the result, join / apply / 'already applied' / 'already joined') live in
 * `GroupSearchStore`, shared with the contact column's inline box.
 */
export function GroupSearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const search = useGroupSearch();

  const change = (next: boolean) => {
    if (!next) search.reset();
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog" aria-describedby={undefined} data-testid="group-search-dialog">
          <Dialog.Title className="pc-dialog__title">{t('group.search.title')}</Dialog.Title>
          <GroupSearchInput search={search} />
          <GroupSearchResult
            search={search}
            onEnter={(groupID) => {
              change(false);
              kit.open(`${TYPES.CONV_GROUP}${groupID}`);
            }}
          />
          <div className="pc-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="pc-button">
                {t('group.search.cancel')}
              </button>
            </Dialog.Close>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
