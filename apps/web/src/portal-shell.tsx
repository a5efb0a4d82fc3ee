import './portal/portal.css';
import { App, ConfigProvider } from 'antd';
// The ES build of the locales: `antd/locale/*` is CommonJS and would drag antd's CommonJS copy into the bundle.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { antdTheme } from './antd-theme.ts';
import { useTheme } from './components/theme-switch.tsx';
import { antdCsp } from './csp-nonce.ts';
import { setRequestExceptionHandler } from './portal/api/client.ts';
import { ExceptionQueue } from './portal/api/exception-queue.ts';
import { PortalRoutes } from './portal/routes/portal-routes.tsx';

/**
 * Seed 001 §8 (rule POR4): a failed portal request opens 'Request exception' with the serialized error and a
 * confirm button. Registered here, inside antd's App, so the dialog follows the theme and the language.
 */
function RequestExceptionDialog() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    const body = (error: unknown, more: number) => (
      <>
        <pre className="request-exception">{JSON.stringify(error)}</pre>
        {more > 0 && (
          <p className="request-exception__more" data-testid="request-exception-more">
            {t('portal.requestExceptionMore', { count: more })}
          </p>
        )}
      </>
    );
    // One dialog at a time, counting the failures behind it (POR26).
    const queue: ExceptionQueue = new ExceptionQueue({
      open: (first, more, onConfirm) => {
        const dialog = modal.error({
          title: t('portal.requestException'),
          content: body(first, more),
          okText: t('portal.confirm'),
          onOk: onConfirm,
          afterClose: () => queue.closed(),
        });
        return { update: (n) => dialog.update({ content: body(first, n) }) };
      },
    });
    return setRequestExceptionHandler((error) => queue.push(error));
  }, [modal, t]);
  return null;
}

/**
 * The antd portal: its pages and antd's ConfigProvider, whose locale follows the i18n language so built-in texts
 * (dialogs, pickers) switch too, and whose `csp` gives every page's antd styles the page's nonce (HDR1). A chunk of its
 * own, so the chat routes never load antd.
 */
export default function PortalShell() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? enUS : zhCN;
  const { resolved } = useTheme();
  return (
    <ConfigProvider csp={antdCsp} locale={locale} theme={antdTheme(resolved)}>
      <App component={false}>
        <RequestExceptionDialog />
        <PortalRoutes />
      </App>
    </ConfigProvider>
  );
}
