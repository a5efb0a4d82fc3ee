import { useNetState } from '../hooks/use-chat.ts';
import { useT } from '../hooks/use-t.ts';
import { WifiOffIcon } from '../icons/icons.tsx';

/** Seed 000 §4: the banner shows while the SDK is disconnected or connecting. */
export function NetworkBanner({ className }: { className?: string }) {
  const state = useNetState();
  const t = useT();
  if (state === 'connected') return null;
  return (
    <div className={className ? `pc-banner ${className}` : 'pc-banner'} role="alert" data-state={state}>
      <WifiOffIcon className="pc-banner__icon" />
      <span>{t('list.networkError')}</span>
    </div>
  );
}
