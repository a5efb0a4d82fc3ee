/**
 * The map service link of /map (seed 001 §2.2, rule POR16). Parley loads nothing from a third-party host (GUIDE):
 * only when the build names a URL template (VITE_PARLEY_MAP_URL, with {lng}, {lat}, {name} and {key}) and,
 * if the service wants one, a key (VITE_PARLEY_MAP_KEY), does the page offer a plain link to that service.
 */
const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export interface MapConfig {
  template: string;
  key: string;
}

export const MAP_CONFIG: MapConfig = { template: env.VITE_PARLEY_MAP_URL ?? '', key: env.VITE_PARLEY_MAP_KEY ?? '' };

export function mapLink(
  place: { lng: number; lat: number; name: string },
  config: MapConfig = MAP_CONFIG,
): string | null {
  if (!/^https:\/\//.test(config.template)) return null;
  if (!Number.isFinite(place.lng) || !Number.isFinite(place.lat)) return null;
  return config.template
    .replaceAll('{lng}', String(place.lng))
    .replaceAll('{lat}', String(place.lat))
    .replaceAll('{name}', encodeURIComponent(place.name))
    .replaceAll('{key}', encodeURIComponent(config.key));
}
