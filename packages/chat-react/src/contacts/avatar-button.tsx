import { Avatar } from '../avatar/avatar.tsx';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';

interface Props {
  userID: string;
  src?: string | undefined;
  size?: number;
  className?: string;
}

/** Decision 0017: a sender's avatar in the chat opens their profile card. */
export function AvatarButton({ userID, src, size = 36, className }: Props) {
  const kit = useKit();
  const t = useT();
  return (
    <button
      type="button"
      className={className ? `pc-avatar-button ${className}` : 'pc-avatar-button'}
      aria-label={t('contacts.card.title')}
      data-testid="avatar-button"
      onClick={() => kit.contacts.card.put(userID)}
    >
      <Avatar id={userID} src={src} size={size} />
    </button>
  );
}
