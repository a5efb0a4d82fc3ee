/**
 * Search routes and limits (decision 0040), apart from the schemas: the browser needs only these, and the schemas'
 * module-level builders (and TypeBox behind them) would come with them into the app shell (rule PERF3).
 */
import { API_PREFIX } from '../routes.ts';

/** Search routes (decision 0040). Bodies are checked by the action, so a bad one is 27003 as the reference says. */
export const SEARCH_ROUTES = {
  messages: `${API_PREFIX}/search/messages`,
  users: `${API_PREFIX}/search/users`,
  groups: `${API_PREFIX}/search/groups`,
  groupMembers: `${API_PREFIX}/search/group-members`,
} as const;

/** Limits of a search request (SRCH7, SRCH20). */
export const SEARCH_LIMITS = {
  keywords: 5,
  keywordLength: 100,
  senders: 5,
  count: 100,
  defaultCount: 20,
  /** Searches per user per second, burst twice that (SRCH21): a search box typing with a short debounce fits. */
  perSecond: 10,
} as const;
