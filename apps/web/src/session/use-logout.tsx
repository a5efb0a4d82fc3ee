import { ConfigProvider, message, Modal } from 'antd';
import { type ReactElement, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { antdCsp } from '../csp-nonce.ts';
import { sessionStore } from './index.ts';

/** Seed 001 §4: the message stays visible this long before the session ends and the page changes. */
const LOGOUT_REDIRECT_DELAY_MS = 500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The portal logout flow of seed 001 §4: confirm, log the chat out, say so, then after 0.5 s end the server session
 * (which also drops the display cookies) and go home. Uses antd's hook APIs rather than <App>, so the dialog code
 * loads with the page that offers logout instead of with every page. Render `contextHolder` once in that page.
 */
export function useLogout(): { logout: () => void; contextHolder: ReactElement } {
  const [modal, modalHolder] = Modal.useModal();
  const [messageApi, messageHolder] = message.useMessage();
  const { t } = useTranslation();
  const navigate = useNavigate();

  const logout = useCallback(() => {
    void modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      onOk: async () => {
        await sessionStore.logoutChat();
        void messageApi.success(t('logout.done'));
        await delay(LOGOUT_REDIRECT_DELAY_MS);
        await sessionStore.endSession();
        await navigate('/', { replace: true });
      },
    });
  }, [modal, messageApi, t, navigate]);

  return {
    logout,
    // The chat page offers logout outside the portal's ConfigProvider: the dialog's styles need the nonce there too.
    contextHolder: (
      <ConfigProvider csp={antdCsp}>
        {modalHolder}
        {messageHolder}
      </ConfigProvider>
    ),
  };
}
