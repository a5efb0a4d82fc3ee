import { useAnnouncement } from '../hooks/use-chat.ts';

/** A polite live region: screen readers read out each new incoming message without moving focus. */
export function LiveRegion() {
  const announcement = useAnnouncement();
  return (
    <div className="pc-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {announcement && <span key={announcement.id}>{announcement.text}</span>}
    </div>
  );
}
