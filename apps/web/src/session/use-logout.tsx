import { ConfigProvider, message, Modal } from 'antd';
import { type ReactElement, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fillLastingLayer } from '../components/lasting-layer.tsx';
import { antdTheme } from '../antd-theme.ts';
import { useTheme } from '../components/theme-switch.tsx';
import { antdCsp } from '../csp-nonce.ts';
import { sessionStore } from './index.ts';

/** Seed 001 §4: the message stays visible this long before the session ends and the page changes. */
const LOGOUT_REDIRECT_DELAY_MS = 500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type MessageApi = ReturnType<typeof message.useMessage>[0];

/** The message holder, outside every page: its own ConfigProvider gives the messages' styles the nonce (HDR1). */
function LastingMessages({ onReady }: { onReady: (api: MessageApi) => void }) {
  const [api, holder] = message.useMessage();
  // The holder is mounted by now, so the API can show messages.
  useEffect(() => onReady(api), [api, onReady]);
  const theme = antdTheme(useTheme().resolved);
  return (
    <ConfigProvider csp={antdCsp} theme={theme}>
      {holder}
    </ConfigProvider>
  );
}

let lastingMessages: Promise<MessageApi> | undefined;

/**
 * Messages that outlive the page that shows them: the holder is in the lasting layer beside the routes. A holder
 * in the page that offers logout went with it 0.5 s after 'Logged out' appeared (when the chat page or the signed-in
 * header unmounts), so the user barely saw it. Placed once, when the logout dialog first loads.
 */
function messagesThatLast(): Promise<MessageApi> {
  lastingMessages ??= new Promise((ready) => fillLastingLayer(<LastingMessages onReady={ready} />));
  return lastingMessages;
}

/**
 * The portal logout flow of seed 001 §4: confirm, log the chat out, say so, then after 0.5 s end the server session
 * (which also drops the display cookies) and go home. Uses antd's hook APIs rather than <App>, so the dialog code
 * loads with the page that offers logout instead of with every page. Render `contextHolder` once in that page.
 */
export function useLogout(): { logout: () => void; contextHolder: ReactElement } {
  const [modal, modalHolder] = Modal.useModal();
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Ready long before the user confirms.
  useEffect(() => void messagesThatLast(), []);

  const logout = useCallback(() => {
    void modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      onOk: async () => {
        await sessionStore.logoutChat();
        void (await messagesThatLast()).success(t('logout.done'));
        await delay(LOGOUT_REDIRECT_DELAY_MS);
        await sessionStore.endSession();
        await navigate('/', { replace: true });
      },
    });
  }, [modal, t, navigate]);

  const theme = antdTheme(useTheme().resolved);
  return {
    logout,
    // The chat page offers logout outside the portal's ConfigProvider: the dialog's styles need the nonce there too.
    contextHolder: (
      <ConfigProvider csp={antdCsp} theme={theme}>
        {modalHolder}
      </ConfigProvider>
    ),
  };
}
