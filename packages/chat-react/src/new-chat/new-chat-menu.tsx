import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { BellIcon, ChatIcon, FolderIcon, PlusIcon, SearchIcon, UsersIcon } from '../icons/icons.tsx';
import { TYPES } from '../provider/chat-port.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { useWanted } from '../hooks/use-wanted.ts';

// The dialogs load when first opened (the chat's first load, PERF4): with them Radix's dialog leaves the first load.
const NewChatDialog = lazy(() => import('./new-chat-dialog.tsx').then((m) => ({ default: m.NewChatDialog })));
const NewGroupDialog = lazy(() => import('../group/new-group-dialog.tsx').then((m) => ({ default: m.NewGroupDialog })));
const GroupSearchDialog = lazy(() =>
  import('../group/group-search-dialog.tsx').then((m) => ({ default: m.GroupSearchDialog })),
);

type Open = 'c2c' | 'group' | 'search' | null;

/** The list header's '+' menu (seed 000 §2): new one-to-one chat, new group chat, group search and join. */
export function NewChatMenu() {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const [dialog, setDialog] = useState<Open>(null);
  const openChange = (which: Exclude<Open, null>) => (open: boolean) => setDialog(open ? which : null);
  const c2cWanted = useWanted(dialog === 'c2c');
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="pc-icon-button pc-list__add" aria-label={t('list.newChat')}>
          <PlusIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal container={portal}>
          <DropdownMenu.Content className="pc-menu" align="end" sideOffset={6}>
            <DropdownMenu.Item className="pc-menu__item" onSelect={() => setDialog('c2c')}>
              <ChatIcon />
              {t('newChat.title')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="pc-menu__item"
              onSelect={() => setDialog('group')}
              data-testid="menu-new-group"
            >
              <UsersIcon />
              {t('group.create.menu')}
            </DropdownMenu.Item>
            {kit.groupNames.getSnapshot().supported && (
              <DropdownMenu.Item
                className="pc-menu__item"
                onSelect={() => kit.nameRequest.ask({ kind: 'create' })}
                data-testid="menu-new-conv-group"
              >
                <FolderIcon />
                {t('convGroups.newGroup')}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className="pc-menu__item"
              onSelect={() => setDialog('search')}
              data-testid="menu-join-group"
            >
              <SearchIcon />
              {t('group.search.menu')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="pc-menu__item"
              onSelect={() => kit.open(TYPES.CONV_SYSTEM)}
              data-testid="menu-system-notices"
            >
              <BellIcon />
              {t('group.notice.title')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Suspense fallback={null}>
        {c2cWanted && <NewChatDialog open={dialog === 'c2c'} onOpenChange={openChange('c2c')} />}
        {dialog === 'group' && <NewGroupDialog open onOpenChange={openChange('group')} />}
        {dialog === 'search' && <GroupSearchDialog open onOpenChange={openChange('search')} />}
      </Suspense>
    </>
  );
}
