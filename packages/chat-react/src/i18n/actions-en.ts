import type { actionsZh } from './actions-zh.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** English texts of the message actions (issue 9), seed 000's wording where it gives one. */
export const actionsEn: Shape<typeof actionsZh> = {
  menu: 'Message actions',
  copy: 'Copy',
  revoke: 'Recall',
  delete: 'Delete',
  react: 'React with {{emoji}}',
  reedit: 'Re-edit',
  copied: 'Copied',
  reactions: 'Reactions',
  reactedBy: '{{names}}',
  typing: 'Typing…',
};
