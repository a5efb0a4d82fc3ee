import type { searchZh } from './search-zh.ts';

/** English texts of search (SRCH48–SRCH55): every conversation's, and the open conversation's. */
export const searchEn: Record<keyof typeof searchZh, string> = {
  label: 'Search messages, contacts and groups',
  placeholder: 'Search',
  clear: 'Clear search',
  results: 'Search results',
  loading: 'Searching…',
  empty: 'No results for “{{query}}”',
  failed: 'Search failed. Try again.',
  retry: 'Try again',
  messages: 'Messages',
  contacts: 'Contacts',
  groups: 'Groups',
  matches: '{{count}} matching messages',
  inConversation: 'Search this conversation',
  inConversationLabel: 'Search in this conversation',
  close: 'Close search',
  more: 'More results',
  viewNewer: 'Show newer messages',
};
