import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { ChatIcon, PlusIcon } from '../icons/icons.tsx';
import { usePortal } from '../provider/kit-context.ts';
import { NewChatDialog } from './new-chat-dialog.tsx';

/** The list header's '+' menu: creating conversations (new group chat joins it with the group issue). */
export function NewChatMenu() {
  const t = useT();
  const portal = usePortal();
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="pc-icon-button pc-list__add" aria-label={t('list.newChat')}>
          <PlusIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal container={portal}>
          <DropdownMenu.Content className="pc-menu" align="end" sideOffset={6}>
            <DropdownMenu.Item className="pc-menu__item" onSelect={() => setDialog(true)}>
              <ChatIcon />
              {t('newChat.title')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <NewChatDialog open={dialog} onOpenChange={setDialog} />
    </>
  );
}
