import { useT } from '../hooks/use-t.ts';
import { badgeText } from '../conversation-list/badge.ts';
import type { ListEntry } from './arrange.ts';

type Folder = Extract<ListEntry, { kind: 'folder' }>;

/**
 * MARK16: the 'Folded chats' row at the top of the list: how many conversations it holds and their unread total;
 * choosing it (click, Enter or Space) lists them under it, choosing it again folds them away.
 */
export function FolderRow({
  entry,
  index,
  focusable,
  onToggle,
}: {
  entry: Folder;
  index: number;
  focusable: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const badge = badgeText(entry.unread);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (arrows, Home, End, Enter, Space)
    <div
      className="pc-row pc-folder"
      role="option"
      aria-selected={false}
      // An option takes no aria-expanded: its state is in its name (a hidden word) and in data-expanded.
      data-expanded={entry.expanded}
      tabIndex={focusable ? 0 : -1}
      data-index={index}
      data-testid="folded-row"
      onClick={onToggle}
    >
      <span className="pc-folder__icon" aria-hidden="true">
        {entry.expanded ? '▾' : '▸'}
      </span>
      <span className="pc-row__name">{t('convGroups.folded')}</span>
      <span className="pc-folder__count">{t('convGroups.foldedCount', { count: entry.count })}</span>
      <span className="pc-visually-hidden">
        {entry.expanded ? t('convGroups.expanded') : t('convGroups.collapsed')}
      </span>
      {badge && (
        <span className="pc-badge pc-badge--inline" data-testid="folded-unread">
          {badge}
        </span>
      )}
    </div>
  );
}
