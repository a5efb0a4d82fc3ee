import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR = ['blue', 'cyan', 'green', 'default', 'gold'] as const;

/** An application's status (PCP10) as a coloured tag. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = status >= 0 && status <= 4 ? status : 0;
  return (
    <Tag color={COLOR[key as 0 | 1 | 2 | 3 | 4]} data-testid="status-tag">
      {t(`portal.pages.status.${key as 0 | 1 | 2 | 3 | 4}`)}
    </Tag>
  );
}
