import { fillMapUrl, isMapUrlTemplate, LOCATION_LIMITS } from '@parley/protocol';

export interface LocationForm {
  latitude: string;
  longitude: string;
  description: string;
}
export interface LocationPayload {
  description: string;
  latitude: number;
  longitude: number;
}
export type LocationErrors = Partial<Record<'latitude' | 'longitude' | 'description', string>>;

/** A typed coordinate: a plain decimal number (a comma as the decimal mark too), nothing else. */
function coordinate(raw: string, max: number): number | null {
  const text = raw.trim().replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= max ? value : null;
}

/**
 * KLOC1 KLOC2: the location form's answer: the payload to send, or which fields are wrong (latitude −90..90,
 * longitude −180..180, a description of at most LOCATION_LIMITS.descriptionMax characters, counted as the user sees
 * them).
 */
export function readLocationForm(form: LocationForm): { payload: LocationPayload } | { errors: LocationErrors } {
  const errors: LocationErrors = {};
  const latitude = coordinate(form.latitude, 90);
  const longitude = coordinate(form.longitude, 180);
  const description = form.description.trim();
  if (latitude === null) errors.latitude = 'location.latitudeInvalid';
  if (longitude === null) errors.longitude = 'location.longitudeInvalid';
  if ([...description].length > LOCATION_LIMITS.descriptionMax) errors.description = 'location.descriptionTooLong';
  if (latitude === null || longitude === null || errors.description) return { errors };
  return { payload: { description, latitude, longitude } };
}

/** Coordinates as the card shows them: 5 decimals (about a metre), north and east positive. */
export const formatCoordinate = (value: number): string => (Number.isFinite(value) ? value.toFixed(5) : '—');

/** KLOC5: the operator's map link for a location, or undefined (no template, a bad one, or no coordinates). */
export function mapLink(template: string, latitude: number, longitude: number): string | undefined {
  if (!template || !isMapUrlTemplate(template)) return undefined;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return fillMapUrl(template, latitude, longitude);
}
