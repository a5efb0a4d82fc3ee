import { useSyncExternalStore } from 'react';
import { readCookies } from '../routes/guard.ts';

/**
 * The slim header's city choice (seed 001 §2.2, §9, rule POR6), kept in the `province`, `citys` and `area` cookies
 * (six-digit region codes) so the job list and the server (job/list reads them when a call names no city) agree.
 * No cookie yet: the first city of the list, 太原.
 */
export interface CityChoice {
  province: string;
  citys: string;
  area: string;
}

/** Used until common/citys answers, and the default: Taiyuan, Shanxi. */
export const DEFAULT_CITY: CityChoice & { name: string; name_en: string } = {
  name: '太原',
  name_en: 'Taiyuan',
  province: '140000',
  citys: '140100',
  area: '',
};

const ONE_YEAR = 31_536_000;
const listeners = new Set<() => void>();
let snapshot: CityChoice | null = null;

function fromCookies(): CityChoice | null {
  const c = readCookies();
  return c.citys ? { province: c.province ?? '', citys: c.citys, area: c.area ?? '' } : null;
}

export function chooseCity(city: CityChoice): void {
  for (const name of ['province', 'citys', 'area'] as const) {
    // biome-ignore lint/suspicious/noDocumentCookie: the seed's display cookies, read by the server's job list
    document.cookie = `${name}=${encodeURIComponent(city[name])}; path=/; max-age=${ONE_YEAR}; SameSite=Lax`;
  }
  snapshot = { province: city.province, citys: city.citys, area: city.area };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): CityChoice {
  snapshot ??= fromCookies() ?? DEFAULT_CITY;
  return snapshot;
}

export function useCity(): CityChoice {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
