import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A guarded page the identity may not open (rule POR3): 'No permission' and the way home. */
export default function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('portal.guard.forbidden')}
      data-testid="guard-forbidden"
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('portal.guard.home')}
        </Button>
      }
    />
  );
}
