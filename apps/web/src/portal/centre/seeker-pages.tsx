import { Descriptions, Empty, Form, Input, Skeleton, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  type ApplicationItem,
  CALL,
  type Privacy,
  type ResumeViewerPage,
  type Verification,
  type ViewedJobPage,
} from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { JobCard, ListStates, formatDate } from '../pages/list-parts.tsx';
import { OnceRecord } from './once-record.tsx';
import { OutcomeAlert, usePaged, useSubmit } from './paged.tsx';
import { StatusTag } from './status-tag.tsx';

/** 浏览记录 (/user_job; PCP1): the jobs the job seeker opened, last first. */
export function ViewedJobs() {
  const { t } = useTranslation();
  const { state, items, pager } = usePaged<ViewedJobPage['list'][number]>(CALL.viewed);
  return (
    <>
      <h1 className="page-title">{t('portal.pages.viewedTitle')}</h1>
      <ListStates state={state} items={items} empty={t('portal.centreEmpty.viewed')}>
        {(jobs) => (
          <ul className="job-list" data-testid="viewed-list">
            {jobs.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                action={
                  <span className="muted">
                    {job.open === 0 && <Tag>{t('portal.pages.closed')}</Tag>}
                    {t('portal.pages.viewedAt', { date: formatDate(job.viewed_at) })}
                  </span>
                }
              />
            ))}
          </ul>
        )}
      </ListStates>
      {pager}
    </>
  );
}

/** 谁看过我 (/user_mjob; PCP2): the enterprises that opened the job seeker's resume. */
export function ResumeViewers() {
  const { t } = useTranslation();
  const { state, items, pager } = usePaged<ResumeViewerPage['list'][number]>(CALL.viewers);
  return (
    <>
      <h1 className="page-title">{t('portal.pages.viewersTitle')}</h1>
      <ListStates state={state} items={items} empty={t('portal.pages.viewersEmpty')}>
        {(rows) => (
          <ul className="job-list" data-testid="viewers-list">
            {rows.map((v) => (
              <li key={v.company.uid} className="job-card">
                <div className="job-card__main">
                  <strong className="job-card__title">{v.company.title || v.company.uid}</strong>
                  <Link to={`/user_chat?to=${encodeURIComponent(v.company.uid)}`}>{t('portal.activity.chat')}</Link>
                </div>
                <div className="job-card__meta">{t('portal.pages.viewedYou', { date: formatDate(v.time) })}</div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {pager}
    </>
  );
}

/** 投递详情 (/user_jobshow?id=<job>; PCP3, PCP10): one's own application and where it stands. */
export function DeliverShow() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const state = useTapi<ApplicationItem>(CALL.deliverShow, valid ? { id } : null);
  const item = dataOf(state);
  const title = <h1 className="page-title">{t('portal.pages.deliverShow')}</h1>;
  if (!valid)
    return (
      <>
        {title}
        <Empty description={t('portal.pages.deliverMissing')} />
      </>
    );
  return (
    <>
      {title}
      <ListStates state={state} items={item ? [item] : null} empty={t('portal.pages.deliverMissing')}>
        {([a]) =>
          a && (
            <Descriptions
              column={1}
              size="small"
              data-testid="deliver-show"
              items={[
                {
                  key: 'job',
                  label: t('portal.activity.inviteJob'),
                  children: <Link to={`/injob?id=${a.job.id}`}>{a.job.title}</Link>,
                },
                { key: 'company', label: t('portal.pages.companyName'), children: a.job.company.title },
                { key: 'salary', label: t('portal.pages.salary'), children: a.job.salary },
                { key: 'when', label: t('portal.pages.appliedOn'), children: formatDate(a.time) },
                {
                  key: 'status',
                  label: t('portal.pages.statusLabel'),
                  children: (
                    <>
                      <StatusTag status={a.status} />
                      {a.status_time > 0 && (
                        <span className="muted">
                          {t('portal.pages.statusTime', { date: formatDate(a.status_time) })}
                        </span>
                      )}
                    </>
                  ),
                },
                {
                  key: 'chat',
                  label: t('portal.activity.chat'),
                  children: (
                    <Link to={`/user_chat?to=${encodeURIComponent(a.job.company.uid)}`}>
                      {t('portal.activity.chat')}
                    </Link>
                  ),
                },
              ]}
            />
          )
        }
      </ListStates>
    </>
  );
}

/** Mirrors PCP4 as hints; the server checks the checksum and the birth date. */
const ID_SHAPE = /^[0-9]{17}[0-9Xx]$/;
const NAME_SHAPE = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• ]{0,28}[\p{Script=Han}A-Za-z]$/u;

/** 实名认证 (/user_smrz; PCP4). */
export function VerifyPage() {
  const { t } = useTranslation();
  return (
    <OnceRecord<Verification, { name: string; idcard: string }>
      title={t('portal.pages.verifyTitle')}
      showCall={CALL.verifyShow}
      submitCall={CALL.verify}
      intro={t('portal.pages.verifyIntro')}
      doneTag={t('portal.pages.verified')}
      doneText={t('portal.pages.verifyDone')}
      testid="verified"
      submitTestid="verify-submit"
      rows={(done) => [
        { key: 'name', label: t('portal.pages.realName'), children: done.name },
        { key: 'id', label: t('portal.pages.idcard'), children: done.idcard },
      ]}
      payload={(f) => ({ name: f.name.trim(), idcard: f.idcard.trim() })}
    >
      <Form.Item
        name="name"
        label={t('portal.pages.realName')}
        rules={[
          {
            required: true,
            pattern: NAME_SHAPE,
            transform: (v: string) => v?.trim(),
            message: t('portal.pages.nameRule'),
          },
        ]}
      >
        <Input maxLength={30} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="idcard"
        label={t('portal.pages.idcard')}
        extra={t('portal.pages.idcardHint')}
        rules={[
          {
            required: true,
            pattern: ID_SHAPE,
            transform: (v: string) => v?.trim(),
            message: t('portal.pages.idcardRule'),
          },
        ]}
      >
        <Input maxLength={18} autoComplete="off" />
      </Form.Item>
    </OnceRecord>
  );
}

/** 简历隐私 (PCP6): shown under the job seeker's resume. */
export function PrivacyCard() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<Privacy | null>(null);
  const loaded = dataOf(useTapi<Privacy>(CALL.privacy, {}));
  const { busy, outcome, run } = useSubmit();
  const now = saved ?? loaded;
  const change = (patch: Partial<Privacy>) =>
    run<Privacy>(CALL.privacy, patch, t('portal.pages.privacySaved'), setSaved);
  return (
    <section className="privacy-card" data-testid="privacy-card">
      <h2>{t('portal.pages.privacyTitle')}</h2>
      {!now ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <>
          <div className="switch-row">
            <Switch
              id="privacy-visible"
              checked={now.visible === 1}
              disabled={busy}
              onChange={(on) => void change({ visible: on ? 1 : 0 })}
            />
            <label htmlFor="privacy-visible">{t('portal.pages.visible')}</label>
          </div>
          <div className="switch-row">
            <Switch
              id="privacy-show_name"
              checked={now.show_name === 1}
              disabled={busy}
              onChange={(on) => void change({ show_name: on ? 1 : 0 })}
            />
            <label htmlFor="privacy-show_name">{t('portal.pages.showName')}</label>
          </div>
          <p className="muted">{t('portal.pages.privacyNote')}</p>
        </>
      )}
      <OutcomeAlert outcome={outcome} />
    </section>
  );
}
