import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spin />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
