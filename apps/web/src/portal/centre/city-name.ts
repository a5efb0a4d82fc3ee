import { PLACEHOLDER_LABELS } from '../region/region-names.ts';

/**
 * The job's display city from the picker's names: '山西省/太原市/小店区' → '太原·小店区'; a municipality's placeholder
 * level (市辖区, 县) gives way to the municipality: '北京市/市辖区/海淀区' → '北京·海淀区'.
 */
export function cityName(labels: string[]): string {
  const [province = '', city, ...rest] = labels;
  const cityLevel = !city || PLACEHOLDER_LABELS.has(city) ? province : city;
  return [cityLevel, ...rest]
    .filter(Boolean)
    .map((l, i) => (i === 0 ? l.replace(/(市|地区|盟)$/, '') : l))
    .join('·');
}
