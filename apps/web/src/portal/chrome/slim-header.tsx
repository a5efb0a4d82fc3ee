import { useTranslation } from 'react-i18next';
import { CALL, type PortalCity } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { chooseCity, DEFAULT_CITY, useCity } from './city-store.ts';
import { Disclosure } from './disclosure.tsx';
import { Brand, MainMenu } from './full-header.tsx';

/** The cities of the slim header, from common/citys (Taiyuan first); the default alone until it answers. */
export function useCities(): PortalCity[] {
  return dataOf(useTapi<PortalCity[]>(CALL.cities, {}, { cache: true })) ?? [DEFAULT_CITY];
}

export function CitySwitch() {
  const { t, i18n } = useTranslation();
  const cities = useCities();
  const current = useCity();
  const en = i18n.resolvedLanguage === 'en';
  const name = (c: PortalCity) => (en ? c.name_en : c.name);
  const active = cities.find((c) => c.citys === current.citys) ?? cities[0] ?? DEFAULT_CITY;
  return (
    <Disclosure
      className="city-switch"
      panelClassName="city-menu"
      testId="city-switch"
      label={
        <>
          <span className="city-switch__name">{name(active)}</span>
          <span className="city-switch__hint">[{t('portal.city.change')}]</span>
        </>
      }
    >
      {(close) => (
        <div role="menu" aria-label={t('portal.city.label')}>
          {cities.map((c) => (
            <button
              key={c.citys}
              type="button"
              role="menuitemradio"
              aria-checked={c.citys === active.citys}
              onClick={() => {
                chooseCity(c);
                close();
              }}
            >
              {name(c)}
            </button>
          ))}
        </div>
      )}
    </Disclosure>
  );
}

/** Header 2 (seed 001 §2.1): brand, the city list, and the menu. */
export function SlimHeader() {
  return (
    <div className="slim-header">
      <div className="slim-header__row">
        <Brand />
        <CitySwitch />
      </div>
      <MainMenu />
    </div>
  );
}
