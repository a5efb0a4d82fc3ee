/** A centre's frame: the side menu of its sections beside the section shown, for the job seeker's and the enterprise's centres. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { CentreKey } from '../i18n-keys.ts';

export interface CentreItem {
  path: string;
  label: CentreKey;
}

/** A centre's frame: its menu on the left (a row of tabs on a phone) and the section on the right. */
export function CentreFrame({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly CentreItem[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="centre page-body">
      <nav className="centre__menu" aria-label={title}>
        <h2 className="centre__title">{title}</h2>
        {items.map((item) => (
          <NavLink key={item.path} to={item.path} end>
            {t(`portal.centre.${item.label}`)}
          </NavLink>
        ))}
      </nav>
      <section className="centre__body panel">{children}</section>
    </div>
  );
}
