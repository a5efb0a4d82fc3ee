import { Button, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CALL, type JobDetail } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { useTapi } from '../api/use-tapi.ts';
import { chatPathFor, usePortalUser } from '../chrome/use-portal-user.ts';
import { JobApplyButtons } from './job-apply-buttons.tsx';
import { formatDate } from './list-parts.tsx';

export function idParam(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** 'Chat now': the job seeker's chat opens with the enterprise; a visitor logs in first and comes back. */
function ChatButton({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = usePortalUser();
  const here = `/injob?id=${job.id}`;
  const go = () => {
    if (user.status !== 'signedIn') void navigate(`/login?f=1&redirect=${encodeURIComponent(here)}`);
    else void navigate(`${chatPathFor(user.identity)}?to=${encodeURIComponent(job.chat_uid)}`);
  };
  const own = user.status === 'signedIn' && user.userID === job.chat_uid;
  return (
    <Button type="primary" size="large" onClick={go} disabled={own} data-testid="chat-with-enterprise">
      {t('portal.job.chat')}
    </Button>
  );
}

/** /injob?id= : one job with its enterprise, where it is, and the chat with the enterprise. */
export default function JobDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const state = useTapi<JobDetail>(CALL.job, id ? { id } : null);
  if (!id) return <Empty className="page-body" description={t('portal.list.notFound')} />;
  if (state.status === 'loading') return <Skeleton className="page-body" active paragraph={{ rows: 8 }} />;
  const job = state.status === 'done' && state.answer.code === 1 ? state.answer.data : null;
  if (!job)
    return (
      <Empty
        className="page-body"
        description={
          state.status === 'done' ? answerText(state.answer) || t('portal.list.notFound') : t('portal.list.failed')
        }
      />
    );
  return (
    <div className="page-body job-detail">
      <section className="panel job-detail__head">
        <div className="job-detail__title-row">
          <h1 className="page-title" data-testid="job-title">
            {job.title}
          </h1>
          <span className="job-card__salary">{job.salary}</span>
        </div>
        <div className="job-card__meta">
          <span>{job.city_name}</span>
          {job.education && <span>{job.education}</span>}
          {job.experience && <span>{job.experience}</span>}
          <span>{t('portal.job.headcount', { count: job.headcount })}</span>
          <Tag color={job.xz === 1 ? 'orange' : 'blue'}>
            {job.xz === 1 ? t('portal.job.partTime') : t('portal.job.fullTime')}
          </Tag>
          <span>{formatDate(job.time)}</span>
        </div>
        <div className="job-detail__actions">
          <ChatButton job={job} />
          <JobApplyButtons job={job} />
          <Link to={`/map?id=${job.id}`}>{t('portal.job.onMap')}</Link>
        </div>
      </section>
      <div className="job-detail__columns">
        <section className="panel job-detail__body">
          <h2>{t('portal.job.description')}</h2>
          <p className="pre-line">{job.description}</p>
          <h2>{t('portal.job.requirements')}</h2>
          <p className="pre-line">{job.requirements}</p>
          <h2>{t('portal.job.address')}</h2>
          <p>{job.address}</p>
        </section>
        <aside className="panel job-detail__company" data-testid="job-company">
          <h2>{job.company.title}</h2>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'industry', label: t('portal.company.industry'), children: job.company_info.industry || '-' },
              { key: 'scale', label: t('portal.company.scale'), children: job.company_info.scale || '-' },
              { key: 'address', label: t('portal.company.address'), children: job.company_info.address || '-' },
            ]}
          />
          <p className="pre-line muted">{job.company_info.intro}</p>
        </aside>
      </div>
    </div>
  );
}
