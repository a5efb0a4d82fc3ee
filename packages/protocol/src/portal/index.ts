export * from './calls.ts';
export * from './content.ts';
export * from './envelope.ts';
export * from './job.ts';
export * from './shared.ts';
export * from './user.ts';
export * from './messages.ts';
export * from './activity.ts';
