import { useEffect } from 'react';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import type { ContentProps } from '../message-list/content-props.ts';
import { useKit } from '../provider/kit-context.ts';
import { formatCoordinate, mapLink } from './location-rules.ts';

/** A map pin drawn here (KLOC4): the card's graphic when no map service is configured; nothing is fetched. */
function LocalMap() {
  return (
    <svg className="pc-location__map" viewBox="0 0 240 96" aria-hidden="true" focusable="false">
      <rect className="pc-location__ground" x="0" y="0" width="240" height="96" />
      <path className="pc-location__road" d="M0 70 L80 52 L150 60 L240 30" />
      <path className="pc-location__road" d="M60 0 L90 96" />
      <path className="pc-location__road pc-location__road--thin" d="M160 0 L140 96" />
      <path
        className="pc-location__pin"
        d="M120 16c-9 0-16 7-16 16 0 12 16 30 16 30s16-18 16-30c0-9-7-16-16-16zm0 22a6 6 0 1 1 0-12 6 6 0 0 1 0 12z"
      />
    </svg>
  );
}

/**
 * Location card (KLOC3–KLOC5): the description and the coordinates over a local graphic. Only when the operator set
 * a map template does the card link to that map (a new tab); no map is loaded into the page either way.
 */
export function LocationContent({ item }: ContentProps) {
  const t = useT();
  const kit = useKit();
  const template = useStore(kit.mapConfig);
  useEffect(() => kit.mapConfig.want(), [kit]);
  const p = (item.payload ?? {}) as Record<string, unknown>;
  const lat = Number(p.latitude);
  const lng = Number(p.longitude);
  const description = typeof p.description === 'string' && p.description.trim() ? p.description : t('location.button');
  const coords = `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`;
  const href = mapLink(template, lat, lng);
  const label = t('location.card', { description, lat: formatCoordinate(lat), lng: formatCoordinate(lng) });
  const body = (
    <>
      <LocalMap />
      <span className="pc-location__text">
        <strong className="pc-location__title">{description}</strong>
        <span className="pc-location__coords">{coords}</span>
        {href ? <span className="pc-location__open">{t('location.openMap')}</span> : null}
      </span>
    </>
  );
  if (!href) {
    return (
      <figure className="pc-location" aria-label={label} data-testid="location-card">
        {body}
      </figure>
    );
  }
  return (
    <a
      className="pc-location pc-location--link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} — ${t('location.openMap')}`}
      data-testid="location-card"
    >
      {body}
    </a>
  );
}
