import type { SyntheticEvent } from 'react';

/** The six preset avatars (seed 001 §2.4), shipped with the app: nothing loads from a third-party host. */
export const PRESET_AVATARS = [1, 2, 3, 4, 5, 6].map((n) => `/avatars/avatar-${n}.svg`);

export const DEFAULT_AVATAR = '/avatars/avatar-1.svg';

/** Only same-origin paths and http(s) URLs are used as image sources; anything else falls back to the default. */
export function avatarSrc(avatar: string): string {
  if (avatar.startsWith('/') && !avatar.startsWith('//')) return avatar;
  return /^https?:\/\//i.test(avatar) ? avatar : DEFAULT_AVATAR;
}

/** An avatar URL that no longer loads shows the default instead of a broken image (once, to avoid a loop). */
export function fallBackToDefaultAvatar(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_AVATAR)) img.src = DEFAULT_AVATAR;
}
