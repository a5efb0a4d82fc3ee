import type { MessageItem } from './message-item.ts';

/** Seed 000 §9: history pages of 15. */
export const PAGE_SIZE = 15;
/** Virtuoso's firstItemIndex starts high and decreases by each prepended page, so the list keeps its place. */
export const FIRST_INDEX = 1_000_000;

export interface MessagesState {
  conversationID: string | null;
  items: readonly MessageItem[];
  firstItemIndex: number;
  nextReqMessageID: string;
  isCompleted: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** Changes when the list is rebuilt rather than extended (open, a gap healed by replacement): views remount. */
  epoch: number;
  /**
   * SRCH45: opened at a message (a search result, a pin) rather than at the newest. The list then loads older and
   * newer pages as the reader scrolls, until `hasNewer` turns false and it joins the live end.
   */
  jumped: boolean;
  /** The message the list opened at, shown in the middle of the view at first (SRCH45). */
  target: string | null;
  /** Newer messages than the list holds are on the server: pushes wait until the list reaches them (SRCH46). */
  hasNewer: boolean;
  /** Where the next newer page starts (a sequence, that message included). */
  newerSeq: number;
  loadingNewer: boolean;
}

export const EMPTY_MESSAGES: MessagesState = {
  conversationID: null,
  items: [],
  firstItemIndex: FIRST_INDEX,
  nextReqMessageID: '',
  isCompleted: true,
  status: 'idle',
  loadingMore: false,
  epoch: 0,
  jumped: false,
  target: null,
  hasNewer: false,
  newerSeq: 0,
  loadingNewer: false,
};
