import type { AuditEntry, AuditPage as Page } from '@parley/protocol';
import { Button, Form, Input, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText } from './empty-text.tsx';
import { R, consoleCall } from './admin-api.ts';
import { formatTime } from './format.ts';
import { useAction } from './use-action.ts';

interface Filter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
}

/** ADM14: the audit log, newest first, filtered by admin, action or target, fifty at a time. Nothing to edit. */
export function AuditPage() {
  const { t } = useTranslation();
  const act = useAction();
  const [filter, setFilter] = useState<Filter>({});
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const load = useCallback(
    async (f: Filter, before?: number) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
      if (before !== undefined) q.set('before', String(before));
      const page = await act(() => consoleCall<Page>('GET', `${R.audit}?${q}`));
      if (!page) return;
      setEntries((old) => (before === undefined ? page.entries : [...old, ...page.entries]));
      setNext(page.next);
    },
    [act],
  );
  useEffect(() => {
    void load({});
  }, [load]);
  const apply = (v: Filter) => {
    const f = { actor: v.actor?.trim(), action: v.action?.trim(), target: v.target?.trim() };
    setFilter(f);
    void load(f);
  };
  return (
    <section className="admin-page" aria-labelledby="admin-audit-heading">
      <h1 id="admin-audit-heading" className="admin-page__title">
        {t('admin.nav.audit')}
      </h1>
      <Form layout="inline" onFinish={apply} className="admin-toolbar">
        <Form.Item name="actor" label={t('admin.audit.actor')}>
          <Input />
        </Form.Item>
        <Form.Item name="action" label={t('admin.audit.action')}>
          <Input placeholder="user.disable" />
        </Form.Item>
        <Form.Item name="target" label={t('admin.audit.target')}>
          <Input />
        </Form.Item>
        <Button htmlType="submit" type="primary">
          {t('admin.audit.filter')}
        </Button>
      </Form>
      <Table
        rowKey="id"
        size="small"
        dataSource={entries}
        pagination={false}
        locale={{ emptyText: <EmptyText /> }}
        data-testid="admin-audit"
        columns={[
          { title: t('admin.audit.at'), dataIndex: 'at', render: formatTime },
          {
            title: t('admin.audit.actor'),
            dataIndex: 'actor',
            render: (a: string, e: AuditEntry) =>
              `${a} (${t(`admin.role.${e.role}` as 'admin.role.operator', { defaultValue: e.role })})`,
          },
          { title: t('admin.audit.action'), dataIndex: 'action' },
          { title: t('admin.audit.target'), dataIndex: 'target' },
          {
            title: t('admin.audit.detail'),
            dataIndex: 'detail',
            render: (d: string) => (d === '{}' ? '' : <code className="admin-audit__detail">{d}</code>),
          },
          { title: t('admin.audit.address'), dataIndex: 'address' },
        ]}
      />
      {next !== null && (
        <Space className="admin-actions">
          <Button onClick={() => load(filter, next)}>{t('admin.audit.more')}</Button>
        </Space>
      )}
    </section>
  );
}
