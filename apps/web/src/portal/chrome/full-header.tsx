import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CALL, CATEGORY_PANEL_SIZE, type JobGroup } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { SearchBox } from './search-box.tsx';

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

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="portal-brand">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>{t('portal.brand')}</span>
    </Link>
  );
}

export function MainMenu() {
  const { t } = useTranslation();
  return (
    <nav className="main-menu" aria-label={t('nav.main')}>
      {MENU.map((item) => (
        <NavLink key={item.key} to={item.to} end={item.to === '/'}>
          {t(`portal.menu.${item.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The left category panel: the first 8 job groups, each to /job?hid=… (seed 001 §2.2, §9). */
export function CategoryPanel() {
  const { t } = useTranslation();
  const groups = dataOf(useTapi<JobGroup[]>(CALL.groups, {}, { cache: true }));
  return (
    <nav className="category-panel" aria-label={t('portal.header.categories')} data-testid="category-panel">
      <h2 className="category-panel__title">{t('portal.header.categories')}</h2>
      <ul>
        {(groups ?? []).slice(0, CATEGORY_PANEL_SIZE).map((group) => (
          <li key={group.id}>
            <Link to={`/job?hid=${group.id}`}>{group.title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Header 1 (seed 001 §2.1): brand, search, and the menu. The home page adds the category panel in its hero. */
export function FullHeader() {
  return (
    <div className="full-header">
      <div className="full-header__row">
        <Brand />
        <SearchBox />
      </div>
      <MainMenu />
    </div>
  );
}
