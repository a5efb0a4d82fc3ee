/** Seed 001 §2.2 menu entries, in order, with their links and queries (rule POR13). */
export const MENU = [
  { key: 'home', to: '/' },
  { key: 'jobs', to: '/job' },
  { key: 'campus', to: '/zp?t=2' },
  { key: 'exam', to: '/zk' },
  { key: 'expert', to: '/expert' },
  { key: 'learning', to: '/train' },
  { key: 'fairs', to: '/zp?t=1' },
  { key: 'news', to: '/news' },
] as const;

/**
 * Whether a menu entry is the page shown (rule POR28): the same path and every query value the entry names, so
 * /zp?t=2 (campus recruitment) and /zp?t=1 (job fairs) are never active together.
 */
export function menuActive(to: string, pathname: string, search: string): boolean {
  const [path, query = ''] = to.split('?');
  if (path !== pathname) return false;
  const here = new URLSearchParams(search);
  for (const [name, value] of new URLSearchParams(query)) if (here.get(name) !== value) return false;
  return true;
}
