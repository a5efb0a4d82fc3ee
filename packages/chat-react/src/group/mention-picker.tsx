import { Avatar } from '../avatar/avatar.tsx';
import { useT } from '../hooks/use-t.ts';
import type { MentionCandidate } from './mention.ts';

interface MentionPickerProps {
  id: string;
  candidates: readonly MentionCandidate[];
  active: number;
  onPick: (candidate: MentionCandidate) => void;
  /** The rest of a large group is being searched (KGRP13). */
  searching?: boolean;
}

/** The '@' list above the input: a listbox the textarea drives with the arrow keys (aria-activedescendant). */
export function MentionPicker({ id, candidates, active, onPick, searching = false }: MentionPickerProps) {
  const t = useT();
  return (
    <div
      id={id}
      className="pc-mention"
      role="listbox"
      aria-label={t('group.mention.label')}
      data-testid="mention-picker"
    >
      {candidates.map((c, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the textarea keeps the focus and drives the list with the arrow keys (aria-activedescendant)
        <div
          key={c.userID}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className="pc-mention__item"
          data-testid="mention-option"
          // The textarea keeps the focus: a press on an entry must not blur it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(c)}
        >
          <Avatar id={c.userID} src={c.avatar} size={24} />
          <span className="pc-mention__label">{c.label}</span>
          {c.label !== c.userID && !c.userID.startsWith('__') && <span className="pc-mention__id">{c.userID}</span>}
        </div>
      ))}
      {searching && (
        <div className="pc-mention__searching" role="status" data-testid="mention-searching">
          {t('group.mention.searching')}
        </div>
      )}
    </div>
  );
}
