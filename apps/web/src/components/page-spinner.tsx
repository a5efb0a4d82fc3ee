import { useTranslation } from 'react-i18next';

/**
 * A CSS spinner rather than antd's Spin: it is the Suspense fallback of every route, including /chat, whose first
 * load must not pull antd in (decision 0006: at most 250 KB of gzipped JavaScript before the chat is usable).
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__dot" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
