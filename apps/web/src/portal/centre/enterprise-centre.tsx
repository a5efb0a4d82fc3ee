import { Descriptions, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MyProfilePanel } from '../../profile/my-profile-panel.tsx';
import { CALL, type JobPage } from '../api/calls.ts';
import { useTapi } from '../api/use-tapi.ts';
import { usePortalUser } from '../chrome/use-portal-user.ts';
import { JobCard, ListStates } from '../pages/list-parts.tsx';
import type { PageProps } from '../routes/page-props.ts';
import { ActivityList } from './activity-lists.tsx';
import { CentreFrame, type CentreItem } from './centre-frame.tsx';
import { CertifyPage, JobFairs, QuotaPage, RecommendTalent } from './enterprise-pages.tsx';
import { FeedbackPage } from './feedback-page.tsx';
import { JobPostForm } from './job-post-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { MyJobShowPage, TalentShowPage } from './show-pages.tsx';
import { TalentPool } from './talent-pool.tsx';

const ITEMS: readonly CentreItem[] = [
  { path: '/cuser', label: 'overview' },
  { path: '/cuser_job', label: 'jobs' },
  { path: '/cuser_jobAdd', label: 'jobAdd' },
  { path: '/cuser_resume', label: 'received' },
  { path: '/cuser_yresume', label: 'invited' },
  { path: '/cuser_talent', label: 'talent' },
  { path: '/cuser_recommend', label: 'recommendTalent' },
  { path: '/cuser_jobfairs', label: 'jobfairs' },
  { path: '/cuser_chat', label: 'chat' },
  { path: '/rz', label: 'certify' },
  { path: '/cuser_quity', label: 'quity' },
  { path: '/cuser_set', label: 'settings' },
  { path: '/cuser_uppass', label: 'password' },
  { path: '/cuser_feedback', label: 'feedback' },
];

/** The enterprise's own jobs, open and closed (job/mine). */
function OwnJobs() {
  const { t } = useTranslation();
  const state = useTapi<JobPage>(CALL.myJobs, { size: 50 });
  const jobs = state.status === 'done' ? (state.answer.data?.list ?? null) : null;
  return (
    <ListStates state={state} items={jobs} empty={t('portal.centreEmpty.jobs')}>
      {(items) => (
        <ul className="job-list">
          {items.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              action={<Link to={`/jushow?id=${job.id}`}>{t('portal.pages.manage')}</Link>}
            />
          ))}
        </ul>
      )}
    </ListStates>
  );
}

function Overview() {
  const { t } = useTranslation();
  const { info } = usePortalUser();
  if (!info) return <Skeleton active />;
  const title = info.qy?.title || info.username;
  return (
    <>
      <h1 className="page-title" data-testid="centre-heading">
        {title}
      </h1>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'mobile', label: t('portal.register.mobile'), children: info.mobile },
          { key: 'chat', label: t('nav.chat'), children: <Link to="/cuser_chat">{t('portal.centre.chat')}</Link> },
        ]}
      />
      <h2>{t('portal.centre.jobs')}</h2>
      <OwnJobs />
    </>
  );
}

function JobsSection() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('portal.centre.jobs')}</h1>
      <OwnJobs />
    </>
  );
}

const SECTIONS: Record<string, () => ReactNode> = {
  '/cuser': () => <Overview />,
  '/cuser_set': () => <MyProfilePanel />,
  '/cuser_job': () => <JobsSection />,
  '/cuser_jobAdd': () => <JobPostForm />,
  '/cuser_resume': () => <ActivityList list="received" />,
  '/cuser_yresume': () => <ActivityList list="invited" />,
  '/cuser_talent': () => <TalentPool />,
  '/cuser_platetalent': () => <TalentPool />,
  '/cuser_plateshow': () => <TalentPool />,
  '/cuser_uppass': () => <PasswordForm />,
  // Centre pages (PCP5, PCP7-PCP12, decision 0018).
  '/cuser_recommend': () => <RecommendTalent />,
  '/cuser_jobfairs': () => <JobFairs />,
  '/cuser_quity': () => <QuotaPage />,
  '/cuser_feedback': () => <FeedbackPage />,
  '/rz': () => <CertifyPage />,
  '/ushow': () => <TalentShowPage />,
  '/jushow': () => <MyJobShowPage />,
};

/** Every route of the centre has its section (decision 0011: no blank page); an unknown one shows the overview. */
function Section({ path }: { path: string }) {
  return (SECTIONS[path] ?? SECTIONS['/cuser'] ?? (() => null))();
}

/** The enterprise's centre (/cuser*, /rz, /ushow, /jushow; identity 2). */
export default function EnterpriseCentre({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <CentreFrame title={t('portal.centre.enterpriseTitle')} items={ITEMS}>
      <Section path={route.path} />
    </CentreFrame>
  );
}
