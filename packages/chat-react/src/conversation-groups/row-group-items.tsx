import * as ContextMenu from '@radix-ui/react-context-menu';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { EyeOffIcon, FolderIcon, FoldIcon } from '../icons/icons.tsx';
import { type ChatConversation, TYPES } from '../provider/chat-port.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { isFolded } from './arrange.ts';

/**
 * The row menu's part for groups and marks (CGRP17, MARK17): a sub-menu that checks the groups holding the
 * conversation (choosing one puts it in or takes it out) and makes a new group with it; Fold or Unfold; Hide. The
 * system conversation takes none of them (CGRP5, MARK4).
 */
export function RowGroupItems({ conversation }: { conversation: ChatConversation }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const { supported, names } = useStore(kit.groupNames);
  if (conversation.conversationID === TYPES.CONV_SYSTEM) return null;
  const marking = kit.chat.markConversation !== undefined;
  const folded = isFolded(conversation);
  const inGroups = conversation.conversationGroupList ?? [];
  return (
    <>
      {supported && (
        <ContextMenu.Sub>
          <ContextMenu.SubTrigger className="pc-menu__item pc-menu__sub" data-testid="group-submenu">
            <FolderIcon />
            {t('convGroups.menu')}
            <span className="pc-menu__chevron" aria-hidden="true">
              ›
            </span>
          </ContextMenu.SubTrigger>
          <ContextMenu.Portal container={portal}>
            <ContextMenu.SubContent className="pc-menu" data-testid="group-submenu-content">
              {names.map((name) => (
                <ContextMenu.CheckboxItem
                  key={name}
                  className="pc-menu__item pc-menu__check"
                  checked={inGroups.includes(name)}
                  data-testid="group-check"
                  data-group={name}
                  onSelect={() => kit.toggleInGroup(conversation, name)}
                >
                  <span className="pc-menu__tick" aria-hidden="true">
                    {inGroups.includes(name) ? '✓' : ''}
                  </span>
                  {name}
                </ContextMenu.CheckboxItem>
              ))}
              <ContextMenu.Item
                className="pc-menu__item"
                data-testid="group-new-with"
                onSelect={() => kit.nameRequest.ask({ kind: 'create', conversationID: conversation.conversationID })}
              >
                {t('convGroups.newWith')}
              </ContextMenu.Item>
            </ContextMenu.SubContent>
          </ContextMenu.Portal>
        </ContextMenu.Sub>
      )}
      {marking && (
        <ContextMenu.Item
          className="pc-menu__item"
          data-testid="mark-fold"
          onSelect={() => kit.toggleMark(conversation, TYPES.CONV_MARK_TYPE_FOLD)}
        >
          <FoldIcon />
          {folded ? t('convGroups.unfold') : t('convGroups.fold')}
        </ContextMenu.Item>
      )}
      {marking && (
        <ContextMenu.Item
          className="pc-menu__item"
          data-testid="mark-hide"
          onSelect={() => kit.toggleMark(conversation, TYPES.CONV_MARK_TYPE_HIDE)}
        >
          <EyeOffIcon />
          {t('convGroups.hide')}
        </ContextMenu.Item>
      )}
    </>
  );
}
