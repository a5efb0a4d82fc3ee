import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CALL, CATEGORY_PANEL_SIZE, type JobGroup } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { Disclosure } from './disclosure.tsx';
import { MENU, menuActive } from './menu.ts';
import { SearchBox } from './search-box.tsx';

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="portal-brand">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>{t('portal.brand')}</span>
    </Link>
  );
}

export function MainMenu({ before }: { before?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <nav className="main-menu" aria-label={t('nav.main')}>
      {before}
      {MENU.map((item) => {
        const active = menuActive(item.to, pathname, search);
        return (
          <Link
            key={item.key}
            to={item.to}
            className={active ? 'active' : undefined}
            aria-current={active ? 'page' : undefined}
          >
            {t(`portal.menu.${item.key}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** The left category panel: the first 8 job groups, each to /job?hid=… (seed 001 §2.2, §9). */
export function CategoryPanel({ onChoose }: { onChoose?: () => void } = {}) {
  const { t } = useTranslation();
  const groups = dataOf(useTapi<JobGroup[]>(CALL.groups, {}, { cache: true }));
  return (
    <nav className="category-panel" aria-label={t('portal.header.categories')} data-testid="category-panel">
      <h2 className="category-panel__title">{t('portal.header.categories')}</h2>
      <ul>
        {(groups ?? []).slice(0, CATEGORY_PANEL_SIZE).map((group) => (
          <li key={group.id}>
            <Link to={`/job?hid=${group.id}`} onClick={onChoose}>
              {group.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Header 1 (seed 001 §2.1, §2.2; rule POR28): brand, search, and the menu led by the category panel, which opens
 * under its button (the home page shows the same panel open in its hero).
 */
export function FullHeader() {
  const { t } = useTranslation();
  return (
    <div className="full-header">
      <div className="full-header__row">
        <Brand />
        <SearchBox />
      </div>
      <MainMenu
        before={
          <Disclosure
            label={t('portal.header.categories')}
            className="category-toggle"
            panelClassName="category-pop"
            testId="category-toggle"
          >
            {(close) => <CategoryPanel onChoose={close} />}
          </Disclosure>
        }
      />
    </div>
  );
}
