import { actionsEn } from './actions-en.ts';
import { convGroupsEn } from './conv-groups-en.ts';
import { callsEn } from './calls-en.ts';
import { demoEn } from './demo-en.ts';
import { reportsEn } from './reports-en.ts';
import { contactsEn } from './contacts-en.ts';
import { groupEn } from './group-en.ts';
import { richEn } from './rich-en.ts';
import { searchEn } from './search-en.ts';
import { locationEn, voiceEn } from './voice-en.ts';
import type { ChatMessages } from './zh.ts';

/** English texts. Where seed 000 quotes an English text ('Enter a message', 'view more', …) it is used verbatim. */
export const en: ChatMessages = {
  group: groupEn,
  // Conversation groups, folded and hidden chats (decision 0049)
  convGroups: convGroupsEn,
  // Rich messages (decision 0016)
  rich: richEn,
  // Search (SRCH48–SRCH55)
  search: searchEn,
  // Voice and location messages (decisions 0033, 0034)
  voice: voiceEn,
  location: locationEn,
  // Message actions (decision 0015)
  actions: actionsEn,
  // Contacts, profiles and presence (decision 0017)
  contacts: contactsEn,
  // Personal data (decision 0051)
  personalData: {
    title: 'Your data',
    exportHint: 'Download an archive of your profile, contacts, groups, and the messages and files you sent.',
    export: 'Download my data',
    preparing: 'Preparing…',
    download: 'Save the archive',
    exportTooSoon: 'An archive was made recently; try again later',
    delete: 'Delete account',
    deleteTitle: 'Delete your account',
    deleteWarning:
      'This cannot be undone: your profile, friends, group memberships and files are deleted, and the messages you sent show as from a deleted user. Groups you own go to another member; groups with no other member are dismissed.',
    password: 'Enter your password to confirm',
    wrongPassword: 'Wrong password',
    cancel: 'Cancel',
    deleteConfirm: 'Delete for good',
    deletedUser: 'Deleted user',
  },
  // Pinned group messages (decision 0041)
  pins: {
    label: 'Pinned message',
    position: '{{index}}/{{count}}',
    show: 'Show pinned message: {{text}}',
    unpin: 'Unpin',
    // PIN10: the message menu's items and the refusals' toasts
    pin: 'Pin',
    refused: 'Only the group owner and admins can pin messages',
    refusedLimit: 'This message cannot be pinned (at most 10 pinned messages, none recalled)',
  },
  // Calls: media and UI (decision 0039)
  calls: callsEn,
  // Demo mode's tasks (decision 0054)
  demo: demoEn,
  // Message reports (decision 0055)
  reports: reportsEn,
  list: {
    title: 'Messages',
    label: 'Conversations',
    empty: 'No conversations yet',
    newChat: 'New chat',
    more: 'More actions',
    muted: 'Muted',
    pinned: 'Pinned',
    draft: '[Draft]',
    unread: '{{count}} unread',
    // Conversation marks (decision 0043)
    markedUnread: 'Marked unread',
    starred: 'Starred',
    networkError: 'Network exception, please check the network settings',
  },
  menu: {
    pin: 'Pin',
    unpin: 'Unpin',
    mute: 'Mute',
    unmute: 'Unmute',
    markUnread: 'Mark as unread',
    markRead: 'Mark as read',
    star: 'Star',
    unstar: 'Unstar',
    delete: 'Delete',
    deleteTitle: 'Delete conversation',
    deleteConfirm: 'Delete the conversation with “{{name}}”? Its chat history will be cleared.',
    deleteOk: 'Delete',
    deleteCancel: 'Cancel',
  },
  chat: {
    empty: 'Select a conversation to start chatting',
    back: 'Back',
    viewMore: 'view more',
    loading: 'Loading…',
    loadFailed: 'This part of the chat could not be loaded. Check the connection.',
    retryLoad: 'Try again',
    backToLatest: 'back to latest',
    newMessages_one: '{{count}} new message',
    newMessages_other: '{{count}} new messages',
    messages: 'Messages',
  },
  message: {
    read: 'Read',
    unread: 'Unread',
    sending: 'Sending',
    failed: 'Failed to send, click to resend',
    queued: 'Not sent yet: no connection. It will be sent when you are back online',
    unsupported: '[Unsupported message]',
    recalledByYou: 'You recalled a message',
    recalledBy: '{{name}} recalled a message',
    image: '[Image]',
    audio: '[Voice]',
    video: '[Video]',
    file: '[File]',
    face: '[Sticker]',
    location: '[Location]',
    custom: '[Custom Messages]',
    merger: '[Chat Record]',
    evaluation: '[Service Rating]',
    order: '[Order]',
    consult: '[Consultation]',
    call: '[Call]',
    groupTip: '[Group Notification]',
    groupSystemNotice: '[Group System Message]',
    announce: 'New message from {{name}}: {{text}}',
  },
  input: {
    placeholder: 'Enter a message',
    send: 'Send',
    label: 'Message input',
  },
  resend: {
    queued: 'No connection. This message will be sent by itself when you are back online.',
    cancelSend: 'Cancel sending',
    keep: 'Keep waiting',
    confirm: 'Confirm to resend the message?',
    cancel: 'Cancel',
    submit: 'Submit',
  },
  newChat: {
    title: 'New one-to-one chat',
    userID: 'User ID',
    placeholder: "Enter the other person's user ID",
    start: 'Start chat',
    cancel: 'Cancel',
    required: 'Please enter a user ID',
  },
  toast: {
    close: 'Close',
    error: 'Error',
    repeated: 'Shown {{count}} times',
  },
  errors: {
    prohibited: 'Your message may contain prohibited content, please stop sending such content.',
    tooLong: 'The message you sent exceeds the maximum length (>8KB).',
    network: 'Network exception, please check the network settings',
    userNotFound: 'The user does not exist',
  },
  time: {
    justNow: 'Just now',
    minutesAgo_one: '{{count}} minute ago',
    minutesAgo_other: '{{count}} minutes ago',
    hoursAgo_one: '{{count}} hour ago',
    hoursAgo_other: '{{count}} hours ago',
    daysAgo_one: '{{count}} day ago',
    daysAgo_other: '{{count}} days ago',
    weeksAgo_one: '{{count}} week ago',
    weeksAgo_other: '{{count}} weeks ago',
    yesterday: 'yesterday {{time}}',
    weekdayAt: '{{weekday}} {{time}}',
    monthDay: '{{month}}/{{day}} {{time}}',
    fullDate: '{{year}}/{{month}}/{{day}} {{time}}',
    weekday0: 'Sunday',
    weekday1: 'Monday',
    weekday2: 'Tuesday',
    weekday3: 'Wednesday',
    weekday4: 'Thursday',
    weekday5: 'Friday',
    weekday6: 'Saturday',
  },
};
