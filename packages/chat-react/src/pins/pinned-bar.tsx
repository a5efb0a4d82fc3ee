import { useState } from 'react';
import { useGroup } from '../hooks/use-group.ts';
import { useNameOf } from '../hooks/use-names.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { PinIcon } from '../icons/icons.tsx';
import { messageSummary } from '../message-list/summary.ts';
import { TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';

/**
 * PIN9: above a group's messages, the newest pinned message and how many there are. Choosing it shows that message
 * in the chat and moves the bar to the next older one (then round again), so every pin is one key press away; the
 * owner and admins unpin from here.
 */
export function PinnedBar() {
  const kit = useKit();
  const t = useT();
  const { groupID, list } = useStore(kit.pins);
  const { role } = useGroup();
  const nameOf = useNameOf(groupID);
  const [back, setBack] = useState(0);
  if (!groupID || list.length === 0) return null;
  const index = list.length - 1 - (back % list.length);
  const message = list[index];
  if (!message) return null;
  const text = messageSummary(message, kit.chat.getLoginUser(), t, nameOf);
  const manager = role === TYPES.GRP_MBR_ROLE_OWNER || role === TYPES.GRP_MBR_ROLE_ADMIN;
  return (
    <div className="pc-pinned" data-testid="pinned-bar">
      <button
        type="button"
        className="pc-pinned__show"
        onClick={() => {
          kit.features.jumpTo(message.ID, message.sequence);
          setBack((n) => n + 1);
        }}
        aria-label={t('pins.show', { text })}
        data-testid="pinned-show"
      >
        <PinIcon className="pc-pinned__icon" />
        <span className="pc-pinned__label">
          {t('pins.label')}
          {list.length > 1 && (
            <span className="pc-pinned__position"> {t('pins.position', { index: index + 1, count: list.length })}</span>
          )}
        </span>
        <span className="pc-pinned__text" title={text}>
          {text}
        </span>
      </button>
      {manager && (
        <button
          type="button"
          className="pc-button pc-pinned__unpin"
          onClick={() => kit.pins.setPinned(message, false)}
          data-testid="pinned-unpin"
        >
          {t('pins.unpin')}
        </button>
      )}
    </div>
  );
}
