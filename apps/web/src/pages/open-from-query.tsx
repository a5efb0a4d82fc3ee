import TencentCloudChat from '@parley/chat';
import { useKit } from '@parley/chat-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { chat } from '../session/index.ts';

/**
 * `?to=<userID>` (the job page's 'Chat now'): open the one-to-one chat with that user once the SDK is ready, then
 * drop the query so a reload or Back does not open it again.
 */
export function OpenFromQuery() {
  const kit = useKit();
  const [params, setParams] = useSearchParams();
  const to = params.get('to');
  useEffect(() => {
    if (!to) return;
    const open = () => {
      void kit.startC2C(to);
      setParams({}, { replace: true });
    };
    if (chat.isReady()) {
      open();
      return;
    }
    const onReady = () => open();
    chat.on(TencentCloudChat.EVENT.SDK_READY, onReady);
    return () => chat.off(TencentCloudChat.EVENT.SDK_READY, onReady);
  }, [to, kit, setParams]);
  return null;
}
