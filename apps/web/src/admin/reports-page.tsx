import {
  type AdminMe,
  type AdminReport,
  type AdminReportList,
  REPORT_ROUTES,
  type ReportAction,
  type WireMessage,
} from '@parley/protocol';
import { Button, Card, Popconfirm, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, consoleCall, path } from './admin-api.ts';
import { EmptyText } from './empty-text.tsx';
import { formatTime } from './format.ts';
import { useAction } from './use-action.ts';

/** What a message shows here: its text, or its kind for anything else (rendered as text, never as markup). */
function messageText(m: WireMessage): string {
  const text = (m.payload as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : `[${m.type}]`;
}

function Line({ m, reported }: { m: WireMessage; reported?: boolean }) {
  return (
    <li className={reported ? 'admin-report__line admin-report__line--reported' : 'admin-report__line'}>
      <span className="admin-report__from">{m.nick || m.from}</span>
      <span className="admin-report__text">{messageText(m)}</span>
    </li>
  );
}

const ACTIONS: readonly ReportAction[] = ['remove', 'mute', 'disable', 'dismiss'];

/** RPT20: one open report with the message, its context and, for moderators and operators, the four actions. */
function ReportCard({ report, me, onDone }: { report: AdminReport; me: AdminMe; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useAction();
  const run = async (action: ReportAction) => {
    const done = await act(
      () =>
        consoleCall('POST', path(REPORT_ROUTES.consoleAction, { reportID: String(report.id) }), {
          action,
        }),
      t(`admin.reports.done.${action}`),
    );
    if (done) onDone();
  };
  const where = report.groupID ? t('admin.reports.inGroup', { groupID: report.groupID }) : t('admin.reports.oneToOne');
  return (
    <Card
      size="small"
      className="admin-report"
      data-testid="admin-report"
      title={
        <Space wrap>
          <Tag>{t(`admin.reports.reasons.${report.reason}`)}</Tag>
          <span>{formatTime(report.createdAt)}</span>
          <span>{where}</span>
        </Space>
      }
    >
      <p className="admin-report__who">
        {t('admin.reports.who', {
          reporter: report.reporter.nick || report.reporter.userID,
          reporterID: report.reporter.userID,
          sender: report.sender.nick || report.sender.userID,
          senderID: report.sender.userID,
        })}
      </p>
      {report.note && <p className="admin-feedback__quote">{report.note}</p>}
      <ol className="admin-report__messages" aria-label={t('admin.reports.messages')}>
        {report.context.map((m) => (
          <Line key={m.ID} m={m} />
        ))}
        <Line m={report.message} reported />
      </ol>
      {can.moderate(me.role) && (
        <Space wrap className="admin-actions">
          {ACTIONS.filter((a) => a !== 'mute' || report.groupID).map((a) => (
            <Popconfirm
              key={a}
              title={t(`admin.reports.confirm.${a}`)}
              okText={t('admin.ok')}
              cancelText={t('admin.cancel')}
              onConfirm={() => run(a)}
            >
              <Button data-testid={`admin-report-${a}`}>{t(`admin.reports.actions.${a}`)}</Button>
            </Popconfirm>
          ))}
        </Space>
      )}
    </Card>
  );
}

/** RPT20: the open reports, newest first; fifty at a time, then 'More'. */
export function ReportsPage({ me }: { me: AdminMe }) {
  const { t } = useTranslation();
  const act = useAction();
  const [reports, setReports] = useState<AdminReport[]>();
  const [next, setNext] = useState<number | null>(null);
  const load = useCallback(
    async (before?: number) => {
      const q = before === undefined ? '' : `?before=${before}`;
      const res = await act(() => consoleCall<AdminReportList>('GET', `${REPORT_ROUTES.consoleList}${q}`));
      if (!res) return;
      setReports((old) => (before === undefined ? res.reports : [...(old ?? []), ...res.reports]));
      setNext(res.next);
    },
    [act],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="admin-page" aria-labelledby="admin-reports-heading">
      <h1 id="admin-reports-heading" className="admin-page__title">
        {t('admin.nav.reports')}
      </h1>
      {reports?.length === 0 && <EmptyText />}
      <Space direction="vertical" className="admin-report__list">
        {reports?.map((r) => (
          <ReportCard key={r.id} report={r} me={me} onDone={() => load()} />
        ))}
      </Space>
      {next !== null && <Button onClick={() => load(next)}>{t('admin.reports.more')}</Button>}
    </section>
  );
}
