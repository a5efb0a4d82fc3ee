import type { ChannelKey } from '../i18n-keys.ts';

/**
 * Which article kind of the portal API (article/list, article/show) backs each list and detail route the seed
 * only names (decision 0010). `t` narrows zp to job fairs (1) or campus recruitment (2) as the menu's queries do.
 */
export interface Channel {
  kind: 'news' | 'zk' | 'train' | 'asked' | 'gg' | 'zp' | 'expert';
  title: ChannelKey;
  /** Where a row links to. */
  show: string;
}

const CHANNELS: Record<string, Channel> = {
  // The think-tank lists its experts (PCP18); /expert_keshow is an expert's course, a training course.
  expert: { kind: 'expert', title: 'expert', show: '/expert_show' },
  expert_show: { kind: 'expert', title: 'expert', show: '/expert_show' },
  expert_keshow: { kind: 'train', title: 'expert', show: '/expert_keshow' },
  recruit: { kind: 'zp', title: 'recruit', show: '/recruit_show' },
  recruit_list: { kind: 'zp', title: 'recruit', show: '/recruit_show' },
  recruit_show: { kind: 'zp', title: 'recruit', show: '/recruit_show' },
  zk: { kind: 'zk', title: 'zk', show: '/zk_show' },
  zk_show: { kind: 'zk', title: 'zk', show: '/zk_show' },
  zp: { kind: 'zp', title: 'zp', show: '/zp_show' },
  zp_list: { kind: 'zp', title: 'zp', show: '/zp_show' },
  zp_show: { kind: 'zp', title: 'zp', show: '/zp_show' },
  train: { kind: 'train', title: 'train', show: '/train_show' },
  train_show: { kind: 'train', title: 'train', show: '/train_show' },
  train_zshow: { kind: 'train', title: 'train', show: '/train_zshow' },
  asked: { kind: 'asked', title: 'asked', show: '/asked' },
  news: { kind: 'news', title: 'news', show: '/news_show' },
  news_show: { kind: 'news', title: 'news', show: '/news_show' },
  gg: { kind: 'gg', title: 'gg', show: '/gg_show' },
  gg_show: { kind: 'gg', title: 'gg', show: '/gg_show' },
};

export function channelFor(path: string): Channel | undefined {
  return CHANNELS[path.replace(/^\//, '')];
}
