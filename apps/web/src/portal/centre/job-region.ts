/** The region a job post's picker gave: codes, names, and whether the last is a place with nothing under it. */
export interface JobRegionChoice {
  path: string[];
  labels: string[];
  leaf: boolean;
}

/**
 * A job's place needs a city (PRT20); a one-level region (Taiwan, Hong Kong, Macao) is its own city (rule POR32), so
 * its code fills both. Null while the choice is not yet a city.
 */
export function jobRegion(region: JobRegionChoice): { province: string; citys: string; area: string } | null {
  const [province = '', city = '', area = ''] = region.path;
  if (city) return { province, citys: city, area };
  return province && region.leaf ? { province, citys: province, area: '' } : null;
}
