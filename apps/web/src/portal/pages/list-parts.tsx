import { Empty, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ArticleItem, JobItem } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import type { TapiState } from '../api/use-tapi.ts';

export function formatDate(seconds: number): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The date and the minute, for answers whose time of day matters (a feedback reply). */
export function formatDateTime(seconds: number): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(seconds)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Loading, refused (the answer's message), failed (the dialog said why), empty, or the list itself. */
export function ListStates<T>({
  state,
  items,
  empty,
  children,
}: {
  state: TapiState<unknown>;
  items: T[] | null;
  empty?: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Skeleton active paragraph={{ rows: 4 }} data-testid="list-loading" />;
  if (state.status === 'failed') return <Empty description={t('portal.list.failed')} />;
  if (state.answer.code !== 1) return <Empty description={answerText(state.answer) || t('portal.list.failed')} />;
  if (!items || items.length === 0)
    return <Empty description={empty ?? t('portal.list.empty')} data-testid="list-empty" />;
  return <>{children(items)}</>;
}

export function JobCard({ job, action }: { job: JobItem; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="job-card" data-testid="job-card">
      <div className="job-card__main">
        <Link to={`/injob?id=${job.id}`} className="job-card__title">
          {job.title}
        </Link>
        <span className="job-card__salary">{job.salary}</span>
      </div>
      <div className="job-card__meta">
        <span>{job.city_name}</span>
        {job.education && <span>{job.education}</span>}
        {job.experience && <span>{job.experience}</span>}
        <Tag color={job.xz === 1 ? 'orange' : 'blue'}>
          {job.xz === 1 ? t('portal.job.partTime') : t('portal.job.fullTime')}
        </Tag>
      </div>
      <div className="job-card__company">{job.company.title}</div>
      {action && <div className="job-card__action">{action}</div>}
    </li>
  );
}

export function ArticleRow({ item, to }: { item: ArticleItem; to: string }) {
  return (
    <li className="article-row" data-testid="article-row">
      <Link to={to} className="article-row__title">
        {item.title}
      </Link>
      {item.summary && <p className="article-row__summary">{item.summary}</p>}
      <div className="article-row__meta">
        {item.source && <span>{item.source}</span>}
        {item.place && <span>{item.place}</span>}
        <span>{formatDate(item.time)}</span>
      </div>
    </li>
  );
}
