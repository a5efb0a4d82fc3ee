import type { convGroupsZh } from './conv-groups-zh.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** English texts of conversation groups, folded and hidden chats (decision 0049). */
export const convGroupsEn: Shape<typeof convGroupsZh> = {
  tabs: 'Conversation groups',
  all: 'All',
  manage: 'Group options',
  create: 'New group…',
  newGroup: 'New conversation group…',
  rename: 'Rename group…',
  delete: 'Delete group',
  menu: 'Add to group',
  newWith: 'New group with this chat…',
  empty: 'No conversations in this group',
  dialog: {
    createTitle: 'New conversation group',
    renameTitle: 'Rename group “{{name}}”',
    name: 'Group name',
    placeholder: 'e.g. Candidates',
    required: 'Enter a group name',
    tooLong: 'A group name is at most 32 bytes (about 10 Chinese characters)',
    taken: 'A group of this name exists',
    save: 'Save',
    cancel: 'Cancel',
  },
  deleteTitle: 'Delete group “{{name}}”?',
  deleteText: 'Its conversations stay in your list; only the group goes.',
  deleteOk: 'Delete',
  errors: {
    limit: 'You can have at most 20 conversation groups',
    tooLong: 'A group name is at most 32 bytes (about 10 Chinese characters)',
    missing: 'This conversation group no longer exists',
  },
  folded: 'Folded chats',
  foldedCount: '{{count}} chats',
  expanded: 'expanded',
  collapsed: 'collapsed',
  fold: 'Fold',
  unfold: 'Unfold',
  hide: 'Hide chat',
};
