import { describe, expect, it } from 'vitest';
import { searchTarget } from '../src/portal/chrome/search-box.tsx';
import { MENU, menuActive } from '../src/portal/chrome/menu.ts';
import { mapLink } from '../src/portal/pages/map-link.ts';

describe('header search', () => {
  it('POR12 goes to /job?val= only for non-empty text', () => {
    expect(searchTarget('前端')).toBe('/job?val=%E5%89%8D%E7%AB%AF');
    expect(searchTarget('  会计 ')).toBe('/job?val=%E4%BC%9A%E8%AE%A1');
    expect(searchTarget('')).toBeNull();
    expect(searchTarget('   ')).toBeNull();
    expect(searchTarget('a&b=c')).toBe('/job?val=a%26b%3Dc');
  });
});

describe('map link', () => {
  const place = { lng: 112.565, lat: 37.818, name: '太原智联' };
  it('POR16 no link without a configured https template', () => {
    expect(mapLink(place, { template: '', key: '' })).toBeNull();
    expect(mapLink(place, { template: 'http://maps.example/?p={lng},{lat}', key: '' })).toBeNull();
    expect(mapLink(place, { template: 'javascript:alert(1)//{lng}', key: '' })).toBeNull();
  });

  it('POR16 fills the configured template with the place and the key', () => {
    const link = mapLink(place, { template: 'https://maps.example/m?p={lng},{lat}&n={name}&k={key}', key: 'k&1' });
    expect(link).toBe('https://maps.example/m?p=112.565,37.818&n=%E5%A4%AA%E5%8E%9F%E6%99%BA%E8%81%94&k=k%261');
    expect(mapLink({ ...place, lat: Number.NaN }, { template: 'https://m.example/{lat}', key: '' })).toBeNull();
  });
});

describe('main menu', () => {
  it('POR28 on /zp?t=2 only campus recruitment is active, on /zp?t=1 only the job fairs', () => {
    const active = (search: string) => MENU.filter((m) => menuActive(m.to, '/zp', search)).map((m) => m.key);
    expect(active('?t=2')).toEqual(['campus']);
    expect(active('?t=1')).toEqual(['fairs']);
    expect(active('')).toEqual([]);
    expect(MENU.filter((m) => menuActive(m.to, '/job', '?hid=3')).map((m) => m.key)).toEqual(['jobs']);
    expect(MENU.filter((m) => menuActive(m.to, '/', '')).map((m) => m.key)).toEqual(['home']);
  });
});
