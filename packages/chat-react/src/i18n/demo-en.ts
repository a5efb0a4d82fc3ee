import type { demoZh } from './demo-zh.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** English texts of demo mode's tasks (decision 0054); the seed gives the task counters only, no wording. */
export const demoEn: Texts<typeof demoZh> = {
  title: 'Getting started',
  label: 'Getting started checklist',
  progress: '{{done}} of {{total}} done',
  next: 'Next: {{task}}',
  allDone: 'All done. Welcome aboard!',
  show: 'Show the getting started checklist',
  hide: 'Hide the getting started checklist',
  done: 'Done',
  todo: 'Not done yet',
  tasks: {
    send: 'Send a message',
    revoke: 'Recall a message you sent',
    mute: 'Mute a member in group management',
    dismiss: 'Dismiss a group you own',
    call: 'Make a voice or video call',
    nickname: 'Change your nickname under Me',
  },
};
