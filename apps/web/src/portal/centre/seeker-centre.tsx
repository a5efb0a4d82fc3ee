import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MyProfilePanel } from '../../profile/my-profile-panel.tsx';
import { CALL, type JobPage, type ResumeData } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { usePortalUser } from '../chrome/use-portal-user.ts';
import { JobCard, ListStates } from '../pages/list-parts.tsx';
import type { CentreEmptyKey, CentreKey } from '../i18n-keys.ts';
import type { PageProps } from '../routes/portal-routes.tsx';
import { CentreEmpty, CentreFrame, type CentreItem } from './centre-frame.tsx';
import { ResumeForm, ResumeView } from './resume.tsx';

const ITEMS: readonly CentreItem[] = [
  { path: '/user', label: 'overview' },
  { path: '/user_resumeshow', label: 'resumeShow' },
  { path: '/user_resume', label: 'resume' },
  { path: '/user_recommend', label: 'recommend' },
  { path: '/user_deliver', label: 'deliver' },
  { path: '/user_invite', label: 'invite' },
  { path: '/user_collect', label: 'collect' },
  { path: '/user_job', label: 'viewed' },
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

const EMPTY: Record<string, CentreKey & CentreEmptyKey> = {
  '/user_deliver': 'deliver',
  '/user_invite': 'invite',
  '/user_collect': 'collect',
  '/user_job': 'viewed',
  '/user_mjob': 'viewed',
  '/user_jobshow': 'viewed',
  '/user_smrz': 'verify',
  '/user_uppass': 'password',
  '/user_feedback': 'feedback',
};

function Section({ path }: { path: string }) {
  const { t } = useTranslation();
  if (path === '/user') return <Overview />;
  if (path === '/user_resume') return <ResumeForm />;
  if (path === '/user_resumeshow') return <ResumeView />;
  if (path === '/user_recommend') return <Recommend />;
  if (path === '/user_set') return <MyProfilePanel />;
  const key: CentreKey & CentreEmptyKey = EMPTY[path] ?? 'viewed';
  return (
    <>
      <h1 className="page-title">{t(`portal.centre.${key}`)}</h1>
      <CentreEmpty text={t(`portal.centreEmpty.${key}`)} to="/job" action={t('portal.centreEmpty.browse')} />
    </>
  );
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
