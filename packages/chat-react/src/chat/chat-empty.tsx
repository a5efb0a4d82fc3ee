import { useT } from '../hooks/use-t.ts';
import { ChatIcon } from '../icons/icons.tsx';

/** The chat column while no conversation is open. Light on purpose: it is on the chat's first paint (PERF4). */
export function ChatEmpty() {
  const t = useT();
  return (
    <section className="pc-chat pc-chat--empty" aria-label={t('chat.empty')}>
      <ChatIcon className="pc-chat__empty-icon" />
      <p>{t('chat.empty')}</p>
    </section>
  );
}
