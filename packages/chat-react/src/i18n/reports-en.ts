import type { reportsZh } from './reports-zh.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** English texts of message reports (decision 0055, RPT15–RPT18). */
export const reportsEn: Texts<typeof reportsZh> = {
  action: 'Report',
  title: 'Report this message',
  text: 'A moderator will look at this message and the few before it. You will hear the outcome in a system notice.',
  reasonLabel: 'Reason',
  reasons: { spam: 'Spam', abuse: 'Abuse or harassment', illegal: 'Illegal content', other: 'Other' },
  note: 'Anything to add (optional)',
  notePlaceholder: 'At most 200 characters',
  cancel: 'Cancel',
  submit: 'Report',
  sent: 'Reported. Thank you for telling us',
  outcomes: {
    removed: 'The message you reported was removed by a moderator.',
    muted: 'The sender of the message you reported was muted in that group.',
    disabled: 'The account that sent the message you reported was disabled.',
    dismissed: 'Your report was reviewed; no rule was found broken.',
  },
};
