/** An avatar: the image of a preset or upload, or the default drawn from the ID when there is none. */
import { memo, useState } from 'react';
import { avatarSource } from './default-avatars.ts';

interface AvatarProps {
  /** The user or group ID: picks the default avatar. */
  id: string;
  src?: string | undefined;
  size?: number;
  className?: string;
}

/** Decorative: the name is always written next to it, so the image has an empty alt. */
export const Avatar = memo(function Avatar({ id, src, size = 40, className }: AvatarProps) {
  // The URL that failed to load: the default shows instead (once; the default itself is inline and cannot fail).
  const [failed, setFailed] = useState<string>();
  return (
    <img
      className={className ? `pc-avatar ${className}` : 'pc-avatar'}
      src={avatarSource(src, id, failed)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
    />
  );
});
