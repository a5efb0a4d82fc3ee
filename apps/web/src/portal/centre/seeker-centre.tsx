import { Alert, Descriptions, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MyProfilePanel } from '../../profile/my-profile-panel.tsx';
import { CALL, type JobPage, type ResumeData } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { usePortalUser } from '../chrome/use-portal-user.ts';
import { JobCard, ListStates } from '../pages/list-parts.tsx';
import type { PageProps } from '../routes/page-props.ts';
import { ActivityList, SavedJobs } from './activity-lists.tsx';
import { CentreFrame, type CentreItem } from './centre-frame.tsx';
import { FeedbackPage } from './feedback-page.tsx';
import { PasswordForm } from './password-form.tsx';
import { ResumeForm, ResumeView } from './resume.tsx';
import { DeliverShow, PrivacyCard, ResumeViewers, VerifyPage, ViewedJobs } from './seeker-pages.tsx';

const ITEMS: readonly CentreItem[] = [
  { path: '/user', label: 'overview' },
  { path: '/user_resumeshow', label: 'resumeShow' },
  { path: '/user_resume', label: 'resume' },
  { path: '/user_recommend', label: 'recommend' },
  { path: '/user_deliver', label: 'deliver' },
  { path: '/user_invite', label: 'invite' },
  { path: '/user_collect', label: 'collect' },
  { path: '/user_job', label: 'viewed' },
  { path: '/user_mjob', label: 'viewers' },
  { path: '/user_chat', label: 'chat' },
  { path: '/user_smrz', label: 'verify' },
  { path: '/user_set', label: 'settings' },
  { path: '/user_uppass', label: 'password' },
  { path: '/user_feedback', label: 'feedback' },
];

function Overview() {
  const { t } = useTranslation();
  const user = usePortalUser();
  const resume = dataOf(useTapi<ResumeData>(CALL.resume, {}));
  if (!user.info) return <Skeleton active />;
  return (
    <>
      <h1 className="page-title" data-testid="centre-heading">
        {t('portal.centre.hello', { name: user.info.username })}
      </h1>
      {user.info.jl_status === 1 && (
        <Alert
          type="warning"
          showIcon
          title={t('portal.resume.incomplete')}
          action={<Link to="/user_resume">{t('portal.top.completeResume')}</Link>}
        />
      )}
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: t('portal.register.name'), children: user.info.username },
          { key: 'mobile', label: t('portal.register.mobile'), children: user.info.mobile },
          { key: 'intention', label: t('portal.resume.intention'), children: resume?.resume.intention || '-' },
        ]}
      />
    </>
  );
}

function Recommend() {
  const { t } = useTranslation();
  const resume = dataOf(useTapi<ResumeData>(CALL.resume, {}));
  const val = resume?.resume.intention.slice(0, 50) ?? '';
  const state = useTapi<JobPage>(CALL.jobs, resume ? { ...(val ? { val } : {}), size: 10 } : null);
  const jobs = state.status === 'done' ? (state.answer.data?.list ?? null) : null;
  return (
    <>
      <h1 className="page-title">{t('portal.centre.recommend')}</h1>
      <ListStates state={state} items={jobs} empty={t('portal.job.none')}>
        {(items) => (
          <ul className="job-list">
            {items.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </ul>
        )}
      </ListStates>
    </>
  );
}

const SECTIONS: Record<string, () => ReactNode> = {
  '/user': () => <Overview />,
  '/user_resume': () => <ResumeForm />,
  '/user_resumeshow': () => (
    <>
      <ResumeView />
      <PrivacyCard />
    </>
  ),
  '/user_recommend': () => <Recommend />,
  '/user_set': () => <MyProfilePanel />,
  '/user_deliver': () => <ActivityList list="deliveries" />,
  '/user_invite': () => <ActivityList list="invitations" />,
  '/user_collect': () => <SavedJobs />,
  '/user_uppass': () => <PasswordForm />,
  // Centre pages (PCP1-PCP6, decision 0018).
  '/user_job': () => <ViewedJobs />,
  '/user_mjob': () => <ResumeViewers />,
  '/user_jobshow': () => <DeliverShow />,
  '/user_smrz': () => <VerifyPage />,
  '/user_feedback': () => <FeedbackPage />,
};

/** Every route of the centre has its section (decision 0011: no blank page); an unknown one shows the overview. */
function Section({ path }: { path: string }) {
  return (SECTIONS[path] ?? SECTIONS['/user'] ?? (() => null))();
}

/** The job seeker's centre (/user*, identity 1). */
export default function SeekerCentre({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <CentreFrame title={t('portal.centre.seekerTitle')} items={ITEMS}>
      <Section path={route.path} />
    </CentreFrame>
  );
}
