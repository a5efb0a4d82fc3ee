import { useT } from '../../hooks/use-t.ts';
import type { ContentProps } from '../../message-list/content-props.ts';
import { TYPES } from '../../provider/chat-port.ts';
import { useKit } from '../../provider/kit-context.ts';
import { MERGER_ABSTRACT_LINES } from '../forward/forward.ts';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/**
 * A merger bubble (rule KACT17): the title and the first lines of the abstract; a click opens the
 * records full screen. In the records view a nested merger is the same bubble and opens on top.
 */
export function MergerContent({ item }: ContentProps) {
  const kit = useKit();
  const t = useT();
  const p = (item.payload ?? {}) as { title?: unknown; abstractList?: unknown };
  const original = kit.messages.original(item.ID);
  const open = () =>
    kit.features.records.open(
      original?.type === TYPES.MSG_MERGER ? original : { type: item.type, payload: item.payload },
    );
  return (
    <button type="button" className="pc-merger" onClick={open} data-testid="merger-bubble">
      <strong className="pc-merger__title">{typeof p.title === 'string' ? p.title : t('message.merger')}</strong>
      {strings(p.abstractList)
        .slice(0, MERGER_ABSTRACT_LINES)
        .map((line, i) => (
          // The title holds the whole line where the bubble cuts it short (VIS10).
          // biome-ignore lint/suspicious/noArrayIndexKey: the abstract is fixed; two lines may read the same
          <span key={i} className="pc-merger__line" title={line}>
            {line}
          </span>
        ))}
      <span className="pc-merger__label">{t('actions.merger.label')}</span>
    </button>
  );
}
