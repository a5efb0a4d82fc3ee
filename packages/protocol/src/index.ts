/** @parley/protocol: the wire contract of server and SDK (schemas, routes, errors, events), assembled per feature. */
export * from './constants.ts';
export * from './errors.ts';
export * from './routes.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/conversation.ts';
export * from './schemas/message.ts';
export * from './schemas/profile.ts';
export * from './schemas/push.ts';
export * from './schemas/core-events.ts';
export * from './events.ts';
export * from './node-events.ts';
export * from './validate.ts';
export * from './message-for-show.ts';
export * from './empty-conversation.ts';
export * from './portal/index.ts';
export * from './groups/index.ts';
// Rich messages and uploads (decision 0016)
export * from './uploads/index.ts';
// Message actions (decision 0015)
export * from './actions/index.ts';
// Contacts, blocklist and presence (decision 0017)
export * from './contacts/index.ts';
// Conversation drafts (decision 0041)
export * from './drafts/index.ts';
// Pinned group messages (decision 0041)
export * from './pins/index.ts';
// Calls signalling (decision 0038)
export * from './calls/index.ts';
// Call media: ICE servers (decision 0039)
export * from './call-media/index.ts';
// Message, user and group search (decision 0040)
export * from './search/index.ts';
// Conversation marks (decision 0043)
export * from './marks/index.ts';
// Edited messages (decision 0046)
export * from './edits/index.ts';
// Message retention (decision 0047)
export * from './retention/index.ts';
// Demo mode's tasks (decision 0054)
export * from './demo-tasks/index.ts';
// Conversation groups and custom data (decision 0049)
export * from './conversation-groups/index.ts';
// Personal data: export and account deletion (decision 0051)
export * from './personal-data/index.ts';
// The admin console (decision 0053)
export * from './admin-console/index.ts';
// Message reports (decision 0055)
export * from './reports/index.ts';
