import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { MoreIcon } from '../icons/icons.tsx';
import { useKit, usePortal } from '../provider/kit-context.ts';

// The dialogs load when first asked for (the chat's first load, PERF4): Radix's dialog stays out of it.
const GroupNameDialog = lazy(() => import('./group-dialogs.tsx').then((m) => ({ default: m.GroupNameDialog })));
const DeleteGroupDialog = lazy(() => import('./group-dialogs.tsx').then((m) => ({ default: m.DeleteGroupDialog })));

/**
 * CGRP16: tabs over the conversation list, All and then my groups in the order made, once I have a group (the first
 * is made from the '+' menu or a row's menu); arrows move between them (the WAI tabs pattern: one tab in the tab
 * order), and the ⋯ button beside them makes, renames and deletes groups.
 */
export function GroupTabs({ listID }: { listID: string }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const { supported, names, selected } = useStore(kit.groupNames);
  const nameRequest = useStore(kit.nameRequest);
  const setNameRequest = (request: Parameters<typeof kit.nameRequest.ask>[0]) => kit.nameRequest.ask(request);
  const [deleting, setDeleting] = useState<string | null>(null);
  const tabs = useRef<HTMLDivElement>(null);
  const dialogs = (
    <Suspense fallback={null}>
      {nameRequest && <GroupNameDialog request={nameRequest} onClose={() => setNameRequest(null)} />}
      {deleting !== null && <DeleteGroupDialog name={deleting} onClose={() => setDeleting(null)} />}
    </Suspense>
  );
  if (!supported) return null;
  if (names.length === 0) return dialogs;
  const all = ['', ...names];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = all.indexOf(selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % all.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + all.length) % all.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    kit.groupNames.select(all[next] ?? '');
    tabs.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="pc-groups">
      <div
        ref={tabs}
        className="pc-groups__tabs"
        role="tablist"
        aria-label={t('convGroups.tabs')}
        onKeyDown={onKeyDown}
        data-testid="group-tabs"
      >
        {all.map((name) => (
          <button
            key={name || '*'}
            type="button"
            role="tab"
            className="pc-groups__tab"
            aria-selected={name === selected}
            aria-controls={listID}
            tabIndex={name === selected ? 0 : -1}
            data-testid="group-tab"
            data-group={name}
            onClick={() => kit.groupNames.select(name)}
          >
            {name || t('convGroups.all')}
          </button>
        ))}
      </div>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="pc-icon-button pc-groups__more"
          aria-label={t('convGroups.manage')}
          data-testid="group-options"
        >
          <MoreIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal container={portal}>
          <DropdownMenu.Content className="pc-menu" align="end" sideOffset={4} data-testid="group-options-menu">
            <DropdownMenu.Item
              className="pc-menu__item"
              data-testid="group-create"
              onSelect={() => setNameRequest({ kind: 'create' })}
            >
              {t('convGroups.create')}
            </DropdownMenu.Item>
            {selected && (
              <DropdownMenu.Item
                className="pc-menu__item"
                data-testid="group-rename"
                onSelect={() => setNameRequest({ kind: 'rename', name: selected })}
              >
                {t('convGroups.rename')}
              </DropdownMenu.Item>
            )}
            {selected && (
              <DropdownMenu.Item
                className="pc-menu__item pc-menu__item--danger"
                data-testid="group-delete"
                onSelect={() => setDeleting(selected)}
              >
                {t('convGroups.delete')}
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialogs}
    </div>
  );
}
