/** The portal API's part of the protocol: calls, content, the 3DES envelope (decision 0010). */
export * from './calls.ts';
export * from './content.ts';
export * from './envelope.ts';
export * from './job.ts';
export * from './shared.ts';
export * from './user.ts';
export * from './messages.ts';
export * from './activity.ts';
export * from './pages.ts';
export * from './operator.ts';
