import { App, Button, Form, Input, Progress, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CALL, type Certification, type JobFair, type Quota, type RecommendedSeeker } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { useTapi } from '../api/use-tapi.ts';
import { ListStates, formatDate } from '../pages/list-parts.tsx';
import { OnceRecord } from './once-record.tsx';
import { usePaged } from './paged.tsx';
import { RegionName } from '../region/region-name.tsx';

/** 推荐人才 (/cuser_recommend; PCP9): job seekers whose wished position matches one of the enterprise's jobs. */
export function RecommendTalent() {
  const { t } = useTranslation();
  const { state, items, pager } = usePaged<RecommendedSeeker>(CALL.recommendTalent);
  return (
    <>
      <h1 className="page-title">{t('portal.pages.recommendTitle')}</h1>
      <p className="muted">{t('portal.pages.recommendIntro')}</p>
      <ListStates state={state} items={items} empty={t('portal.centreEmpty.recommendTalent')}>
        {(rows) => (
          <ul className="job-list" data-testid="recommend-list">
            {rows.map((s) => (
              <li key={s.uid} className="job-card" data-testid="recommend-card">
                <div className="job-card__main">
                  <Link to={`/ushow?uid=${encodeURIComponent(s.uid)}`} className="job-card__title">
                    {s.name}
                  </Link>
                  <span>{s.intention}</span>
                </div>
                <div className="job-card__meta">
                  {s.citys && <RegionName code={s.citys} />}
                  {s.education && <span>{s.education}</span>}
                  {s.birth_year > 0 && <span>{t('portal.activity.birthYear', { year: s.birth_year })}</span>}
                  <Tag color="green">{t('portal.pages.matches', { title: s.match.title })}</Tag>
                </div>
                <p className="muted">{s.intro}</p>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {pager}
    </>
  );
}

/** 招聘会 (/cuser_jobfairs; PCP11): the job fairs with a booth booking each. */
export function JobFairs() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const { message } = App.useApp();
  const { state, items, pager } = usePaged<JobFair>(CALL.jobFairs, 10, version);
  const toggle = async (fair: JobFair) => {
    const join = fair.joined === 1 ? 0 : 1;
    const answer = await tapi(CALL.joinJobFair, { id: fair.id, join }).catch(() => null);
    if (!answer) return;
    if (answer.code === 1) void message.success(t(join ? 'portal.pages.joinDone' : 'portal.pages.leaveDone'));
    else void message.error(answerText(answer));
    setVersion((v) => v + 1);
  };
  return (
    <>
      <h1 className="page-title">{t('portal.pages.jobfairsTitle')}</h1>
      <p className="muted">{t('portal.pages.jobfairsIntro', { count: 3 })}</p>
      <ListStates state={state} items={items} empty={t('portal.centreEmpty.jobfairs')}>
        {(rows) => (
          <ul className="job-list" data-testid="jobfair-list">
            {rows.map((f) => (
              <li key={f.id} className="job-card" data-testid="jobfair-card">
                <div className="job-card__main">
                  <Link to={`/zp_show?id=${f.id}`} className="job-card__title">
                    {f.title}
                  </Link>
                  {f.joined === 1 && <Tag color="green">{t('portal.pages.joined')}</Tag>}
                </div>
                <div className="job-card__meta">
                  {f.place && <span>{f.place}</span>}
                  {f.starts_at > 0 && <span>{t('portal.pages.startsAt', { date: formatDate(f.starts_at) })}</span>}
                  {f.source && <span>{f.source}</span>}
                </div>
                {f.summary && <p className="muted">{f.summary}</p>}
                <div className="job-card__action">
                  <Button
                    size="small"
                    type={f.joined ? 'default' : 'primary'}
                    onClick={() => void toggle(f)}
                    data-testid="jobfair-toggle"
                  >
                    {t(f.joined ? 'portal.pages.leave' : 'portal.pages.join')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {pager}
    </>
  );
}

/** 会员权益 (/cuser_quity; PCP12): the service package and what is used of it. */
export function QuotaPage() {
  const { t } = useTranslation();
  const state = useTapi<Quota>(CALL.quota, {});
  const quota = state.status === 'done' ? state.answer.data : null;
  return (
    <>
      <h1 className="page-title">{t('portal.pages.quotaTitle')}</h1>
      <ListStates state={state} items={quota ? [quota] : null}>
        {([q]) =>
          q && (
            <div data-testid="quota">
              <p>{t('portal.pages.quotaIntro', { name: t(`portal.pages.package.${q.package as 'free'}`) })}</p>
              <p>
                <Tag color={q.certified ? 'green' : 'orange'}>
                  {t(q.certified ? 'portal.pages.certifiedYes' : 'portal.pages.certifiedNo')}
                </Tag>
                {!q.certified && <Link to="/rz">{t('portal.pages.goCertify')}</Link>}
              </p>
              <ul className="quota-list">
                {q.items.map((i) => (
                  <li key={i.key} data-testid="quota-item">
                    <span>{t(`portal.pages.quotaItem.${i.key as 'openJobs' | 'invitations' | 'jobFairs'}`)}</span>
                    <Progress
                      percent={Math.round((100 * i.used) / Math.max(1, i.limit))}
                      showInfo={false}
                      size="small"
                    />
                    <span className="muted">{t('portal.pages.quotaUsed', { used: i.used, limit: i.limit })}</span>
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      </ListStates>
    </>
  );
}

/** Mirrors PCP7 as a hint; the server checks the check character. */
const CODE_SHAPE = /^[1-9ANY][1-9][0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/i;

/** 企业认证 (/rz; PCP7): company name and unified social credit code, once. */
export function CertifyPage() {
  const { t } = useTranslation();
  return (
    <OnceRecord<Certification, { name: string; code: string }>
      title={t('portal.pages.certifyTitle')}
      showCall={CALL.certShow}
      submitCall={CALL.certify}
      intro={t('portal.pages.certifyIntro')}
      doneTag={t('portal.pages.certified')}
      doneText={t('portal.pages.certifyDone')}
      testid="certified"
      submitTestid="certify-submit"
      rows={(done) => [
        { key: 'name', label: t('portal.pages.companyName'), children: done.name },
        { key: 'code', label: t('portal.pages.creditCode'), children: done.code },
      ]}
      payload={(f) => ({ name: f.name.trim(), code: f.code.trim().toUpperCase() })}
    >
      <Form.Item
        name="name"
        label={t('portal.pages.companyName')}
        rules={[
          {
            required: true,
            min: 2,
            max: 60,
            whitespace: true,
            transform: (v: string) => v?.trim(),
            message: t('portal.pages.companyNameRule'),
          },
        ]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('portal.pages.creditCode')}
        extra={t('portal.pages.creditCodeHint')}
        rules={[
          {
            required: true,
            pattern: CODE_SHAPE,
            transform: (v: string) => v?.trim(),
            message: t('portal.pages.creditCodeRule'),
          },
        ]}
      >
        <Input maxLength={18} autoComplete="off" />
      </Form.Item>
    </OnceRecord>
  );
}
