import type { LiveNode, LiveView } from '@parley/protocol';
import { Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText } from './empty-text.tsx';
import { R, consoleCall } from './admin-api.ts';

interface Row extends LiveNode {
  sendRate: number | null;
  deliveryRate: number | null;
}

/** Per second between two readings of a counter; null until there are two, or when a node restarted (it fell). */
const rate = (now: number, before: number | undefined, seconds: number) =>
  before === undefined || seconds <= 0 || now < before ? null : (now - before) / seconds;

/** ADM35: every node's push sockets and users, and messages per second from its counters, refreshed as nodes report. */
export function LivePage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const previous = useRef(new Map<string, LiveNode>());
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let interval = 5000;
      try {
        const view = await consoleCall<LiveView>('GET', R.live);
        interval = view.intervalMs;
        const next: Row[] = view.nodes.map((n) => {
          const before = previous.current.get(n.node);
          const seconds = before ? (n.at - before.at) / 1000 : 0;
          const keep = before && before.at === n.at ? before : undefined;
          return {
            ...n,
            sendRate: keep ? null : rate(n.accepted, before?.accepted, seconds),
            deliveryRate: keep ? null : rate(n.delivered, before?.delivered, seconds),
          };
        });
        for (const n of view.nodes) {
          const before = previous.current.get(n.node);
          if (!before || before.at !== n.at) previous.current.set(n.node, n);
        }
        if (!stopped) setRows((old) => next.map((r) => (r.sendRate === null ? { ...r, ...pick(old, r.node) } : r)));
      } catch {
        // The next poll tries again; the table keeps its last figures meanwhile.
      }
      if (!stopped) timer = setTimeout(poll, interval);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  const fmt = (v: number | null) => (v === null ? '…' : v.toFixed(1));
  return (
    <section className="admin-page" aria-labelledby="admin-live-heading">
      <h1 id="admin-live-heading" className="admin-page__title">
        {t('admin.nav.live')}
      </h1>
      <p className="admin-live__note">{t('admin.live.note')}</p>
      <Table
        rowKey="node"
        size="small"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <EmptyText /> }}
        data-testid="admin-live"
        summary={(data) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('admin.live.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{data.reduce((a, r) => a + r.sockets, 0)}</Table.Summary.Cell>
            <Table.Summary.Cell index={2}>{data.reduce((a, r) => a + r.users, 0)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3}>{fmt(sum(data.map((r) => r.sendRate)))}</Table.Summary.Cell>
            <Table.Summary.Cell index={4}>{fmt(sum(data.map((r) => r.deliveryRate)))}</Table.Summary.Cell>
          </Table.Summary.Row>
        )}
        columns={[
          { title: t('admin.live.node'), dataIndex: 'node' },
          { title: t('admin.live.sockets'), dataIndex: 'sockets' },
          { title: t('admin.live.users'), dataIndex: 'users' },
          { title: t('admin.live.sendRate'), dataIndex: 'sendRate', render: fmt },
          { title: t('admin.live.deliveryRate'), dataIndex: 'deliveryRate', render: fmt },
        ]}
      />
    </section>
  );
}

function pick(rows: Row[], node: string): Partial<Row> {
  const old = rows.find((r) => r.node === node);
  return old ? { sendRate: old.sendRate, deliveryRate: old.deliveryRate } : {};
}

function sum(values: (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);
}
