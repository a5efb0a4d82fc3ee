/** The virtualized message list of the open conversation, keeping its place when older pages arrive. */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useMessages } from '../hooks/use-chat.ts';
import { useNow, usePageVisible } from '../hooks/use-environment.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { showsTimestamp } from '../time/message-time.ts';
import type { MessageItem } from './message-item.ts';
import { MessageRow } from './message-row.tsx';
import { jumpTip, NEAR_BOTTOM_PX } from './scroll.ts';
import { useFollow } from './use-follow.ts';
import { useKeepPlace } from './keep-place.ts';
import { RovingContext } from './roving.ts';
import { useJump } from '../actions/replies/reply-ui.tsx';

interface ListContext {
  isCompleted: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  viewMore: string;
  loading: string;
  /** SRCH46: a list opened at a message has newer pages to load below. */
  hasNewer: boolean;
  loadingNewer: boolean;
  loadNewer: () => void;
  viewNewer: string;
}

/**
 * 'view more' at the top loads the older 15; Virtuoso's firstItemIndex keeps the reading position. The header keeps
 * one height whatever it shows, so a prepend never shifts the messages below it. It holds no timestamp: with
 * alignToBottom a short conversation sits at the bottom of the pane, away from the header (UI4).
 */
function Header({ context }: { context?: ListContext }) {
  if (!context) return null;
  return (
    <div className="pc-list-edge">
      {!context.isCompleted && (
        <button
          type="button"
          className="pc-link"
          onClick={context.loadMore}
          disabled={context.loadingMore}
          data-testid="view-more"
        >
          {context.loadingMore ? context.loading : context.viewMore}
        </button>
      )}
    </div>
  );
}

/** SRCH46: below a list opened at an old message, the next newer page (also loaded by scrolling to the end). */
function Footer({ context }: { context?: ListContext }) {
  return (
    <div className="pc-list-foot">
      {context?.hasNewer && (
        <button
          type="button"
          className="pc-link"
          onClick={context.loadNewer}
          disabled={context.loadingNewer}
          data-testid="view-newer"
        >
          {context.loadingNewer ? context.loading : context.viewNewer}
        </button>
      )}
    </div>
  );
}

const components = { Header, Footer };
const SCROLLER_STYLE = { outline: '' };

interface MessageListProps {
  /** The open conversation's unread count: while it is above 0 and the newest messages show, they are marked read. */
  unreadCount: number;
  onResend: (ID: string) => void;
  onReadState?: (ID: string) => void;
}

export function MessageList({ unreadCount, onResend, onReadState }: MessageListProps) {
  const kit = useKit();
  const t = useT();
  const now = useNow();
  const visible = usePageVisible();
  const state = useMessages();
  const { items, firstItemIndex, status } = state;
  const virtuoso = useRef<VirtuosoHandle>(null);
  const { scroll, followOutput, atBottomChange } = useFollow(items);
  const keepPlace = useKeepPlace();
  useLayoutEffect(() => keepPlace.rendered(firstItemIndex), [keepPlace, firstItemIndex]);
  // Decision 0015: a quote's click scrolls to its original and highlights it.
  useJump(virtuoso, items);
  // Row rendering reads the current items (for the next message's time) without re-creating itemContent.
  const itemsRef = useRef<readonly MessageItem[]>(items);
  itemsRef.current = items;
  const selfID = kit.chat.getLoginUser();

  const newestID = items[items.length - 1]?.ID;
  // KACT31: one message in the tab order, the one last focused while it is still listed, else the newest.
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const current = focused !== undefined && items.some((m) => m.ID === focused) ? focused : newestID;
  const roving = useMemo(() => ({ current, setCurrent: setFocused }), [current]);
  useEffect(() => {
    if (!visible || !scroll.atBottom || status !== 'ready' || newestID === undefined) return;
    kit.messages.markRead(unreadCount);
    kit.receipts.acknowledge();
  }, [kit, visible, scroll.atBottom, status, newestID, unreadCount]);

  // Messages that were first in the list keep their timestamp when 'view more' puts older ones above them, so their
  // row keeps its height and the reading position does not move.
  const pageHeads = useRef(new Set<string>());
  if (items[0]) pageHeads.current.add(items[0].ID);

  const context = useMemo<ListContext>(
    () => ({
      isCompleted: state.isCompleted,
      loadingMore: state.loadingMore,
      loadMore: () => {
        keepPlace.capture();
        kit.messages.loadMore();
      },
      viewMore: t('chat.viewMore'),
      loading: t('chat.loading'),
      hasNewer: state.hasNewer,
      loadingNewer: state.loadingNewer,
      loadNewer: () => kit.messages.loadNewer(),
      viewNewer: t('search.viewNewer'),
    }),
    [kit, keepPlace, state.isCompleted, state.loadingMore, state.hasNewer, state.loadingNewer, t],
  );

  const itemContent = useCallback(
    (index: number, item: MessageItem) => {
      const previous = itemsRef.current[index - firstItemIndex - 1];
      const timed = pageHeads.current.has(item.ID) || showsTimestamp(previous?.time, item.time);
      return (
        <MessageRow
          item={item}
          timeBefore={timed ? item.time : null}
          now={now}
          selfID={selfID}
          onResend={onResend}
          onReadState={onReadState}
        />
      );
    },
    [firstItemIndex, now, selfID, onResend, onReadState],
  );

  const jump = () =>
    state.hasNewer
      ? kit.messages.toLatest()
      : virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
  // SRCH46: away from the live end, 'Back to latest' shows wherever the reader is.
  const tip = state.hasNewer ? ({ kind: 'backToLatest' } as const) : jumpTip(scroll);
  // SRCH45: a list opened at a message starts with it in the middle of the view.
  const targetIndex = state.target ? items.findIndex((m) => m.ID === state.target) : -1;
  // Read once per mounted list (its key is the epoch): later pages must not move the reader.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index is wanted only when the list mounts
  const initialIndex = useMemo(
    () =>
      targetIndex >= 0
        ? { index: targetIndex, align: 'center' as const }
        : { index: 'LAST' as const, align: 'end' as const },
    [state.epoch, status],
  );
  const onStart = useCallback(() => {
    if (!state.jumped) return;
    keepPlace.capture();
    kit.messages.loadMore();
  }, [kit, keepPlace, state.jumped]);
  const onEnd = useCallback(() => kit.messages.loadNewer(), [kit]);

  if (status === 'loading' || status === 'idle') {
    return (
      <div className="pc-messages pc-messages--loading" aria-busy="true">
        <span className="pc-spinner">
          <span className="pc-visually-hidden">{t('chat.loading')}</span>
        </span>
      </div>
    );
  }

  return (
    <RovingContext.Provider value={roving}>
      <div
        className="pc-messages"
        role="log"
        aria-label={t('chat.messages')}
        data-testid="message-list"
        data-list-of={state.conversationID ?? undefined}
        data-count={items.length}
      >
        <Virtuoso
          key={state.epoch}
          ref={virtuoso}
          scrollerRef={keepPlace.setScroller}
          className="pc-messages__scroller"
          // Virtuoso's scroller is a tab stop (arrows scroll it) whose inline style says `outline: none`: cleared so
          // that its focus ring (message-list.css) shows where the keyboard is (UI38).
          style={SCROLLER_STYLE}
          data={items}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={initialIndex}
          computeItemKey={(_, item) => item.ID}
          itemContent={itemContent}
          context={context}
          components={components}
          followOutput={state.hasNewer ? false : followOutput}
          startReached={onStart}
          endReached={onEnd}
          alignToBottom
          atBottomThreshold={NEAR_BOTTOM_PX}
          atBottomStateChange={atBottomChange}
          increaseViewportBy={{ top: 200, bottom: 200 }}
        />
        {tip && (
          <button type="button" className="pc-jump" onClick={jump} data-testid="jump-tip">
            {tip.kind === 'newMessages' ? t('chat.newMessages', { count: tip.count }) : t('chat.backToLatest')}
          </button>
        )}
      </div>
    </RovingContext.Provider>
  );
}
