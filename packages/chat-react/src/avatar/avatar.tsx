import { memo, type SyntheticEvent } from 'react';
import { avatarSource, defaultAvatar } from './default-avatars.ts';

interface AvatarProps {
  /** The user or group ID: picks the default avatar. */
  id: string;
  src?: string | undefined;
  size?: number;
  className?: string;
}

/** Decorative: the name is always written next to it, so the image has an empty alt. */
export const Avatar = memo(function Avatar({ id, src, size = 40, className }: AvatarProps) {
  const fallback = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    const replacement = defaultAvatar(id);
    if (img.src !== replacement) img.src = replacement;
  };
  return (
    <img
      className={className ? `pc-avatar ${className}` : 'pc-avatar'}
      src={avatarSource(src, id)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={fallback}
    />
  );
});
