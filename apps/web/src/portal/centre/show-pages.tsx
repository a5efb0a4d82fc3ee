import { App, Descriptions, Empty, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { APPLICATION_STATUSES, type ApplicationItem, CALL, type MyJobShow, type TalentShow } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { useTapi } from '../api/use-tapi.ts';
import { ListStates, formatDate } from '../pages/list-parts.tsx';
import { RegionName } from '../region/region-name.tsx';

/** The enterprise moves an application along (PCP10); the new status shows at once. */
export function StatusSelect({ item, onChange }: { item: ApplicationItem; onChange?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const change = async (status: number) => {
    setBusy(true);
    const answer = await tapi(CALL.setStatus, { job_id: item.job.id, seeker: item.seeker.uid, status }).catch(
      () => null,
    );
    setBusy(false);
    if (!answer) return;
    if (answer.code === 1) void message.success(t('portal.pages.statusDone'));
    else void message.error(answerText(answer));
    onChange?.();
  };
  return (
    <Select
      size="small"
      className="status-select"
      aria-label={t('portal.pages.setStatus')}
      value={item.status}
      loading={busy}
      disabled={busy}
      onChange={(v) => void change(v)}
      data-testid="status-select"
      options={APPLICATION_STATUSES.filter((s) => s > 0 || item.status === 0).map((s) => ({
        value: s,
        label: t(`portal.pages.status.${s}`),
        disabled: s === 0,
      }))}
    />
  );
}

function ApplicationRows({
  items,
  side,
  onChange,
}: {
  items: ApplicationItem[];
  side: 'job' | 'seeker';
  onChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="job-list">
      {items.map((a) => (
        <li key={`${a.job.id}-${a.seeker.uid}`} className="job-card" data-testid="application-row">
          <div className="job-card__main">
            {side === 'job' ? (
              <Link to={`/ushow?uid=${encodeURIComponent(a.seeker.uid)}`} className="job-card__title">
                {a.seeker.name}
              </Link>
            ) : (
              <Link to={`/jushow?id=${a.job.id}`} className="job-card__title">
                {a.job.title}
              </Link>
            )}
            <StatusSelect item={a} onChange={onChange} />
          </div>
          <div className="job-card__meta">
            {side === 'job' && a.seeker.intention && <span>{a.seeker.intention}</span>}
            <span>{t('portal.activity.appliedAt', { date: formatDate(a.time) })}</span>
            <Link to={`/cuser_chat?to=${encodeURIComponent(a.seeker.uid)}`}>{t('portal.activity.chat')}</Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /ushow?uid=: one job seeker's resume as the enterprise may see it (PCP8), with their applications to it. */
export function TalentShowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const [version, setVersion] = useState(0);
  const state = useTapi<TalentShow>(CALL.talentShow, uid ? { seeker: uid } : null, { version });
  const data = state.status === 'done' ? state.answer.data : null;
  const title = <h1 className="page-title">{t('portal.pages.talentShowTitle')}</h1>;
  if (!uid)
    return (
      <>
        {title}
        <Empty description={t('portal.pages.talentMissing')} />
      </>
    );
  return (
    <>
      {title}
      <ListStates state={state} items={data ? [data] : null} empty={t('portal.pages.talentMissing')}>
        {([d]) =>
          d && (
            <div data-testid="talent-show">
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'name', label: t('portal.resume.name'), children: d.seeker.name },
                  {
                    key: 'gender',
                    label: t('portal.resume.gender'),
                    children:
                      d.seeker.gender === 1 ? t('gender.male') : d.seeker.gender === 2 ? t('gender.female') : '-',
                  },
                  { key: 'birth', label: t('portal.resume.birth_year'), children: d.seeker.birth_year || '-' },
                  { key: 'edu', label: t('portal.resume.education'), children: d.seeker.education || '-' },
                  { key: 'citys', label: t('portal.resume.citys'), children: <RegionName code={d.seeker.citys} /> },
                  { key: 'intention', label: t('portal.resume.intention'), children: d.seeker.intention || '-' },
                  {
                    key: 'intro',
                    label: t('portal.pages.intro'),
                    children: <span className="pre-line">{d.intro || '-'}</span>,
                  },
                  {
                    key: 'chat',
                    label: t('portal.activity.chat'),
                    children: (
                      <Link to={`/cuser_chat?to=${encodeURIComponent(d.seeker.uid)}`}>{t('portal.activity.chat')}</Link>
                    ),
                  },
                ]}
              />
              {d.applications.length > 0 && (
                <>
                  <h2>{t('portal.pages.theirApplications')}</h2>
                  <ApplicationRows items={d.applications} side="seeker" onChange={() => setVersion((v) => v + 1)} />
                </>
              )}
            </div>
          )
        }
      </ListStates>
    </>
  );
}

/** /jushow?id=: one of the enterprise's own jobs with its applications and their status (PCP10). */
export function MyJobShowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [version, setVersion] = useState(0);
  const state = useTapi<MyJobShow>(CALL.myJobShow, valid ? { id } : null, { version });
  const data = state.status === 'done' ? state.answer.data : null;
  const title = <h1 className="page-title">{t('portal.pages.jobShowTitle')}</h1>;
  if (!valid)
    return (
      <>
        {title}
        <Empty description={t('portal.pages.jobMissing')} />
      </>
    );
  return (
    <>
      {title}
      <ListStates state={state} items={data ? [data] : null} empty={t('portal.pages.jobMissing')}>
        {([d]) =>
          d && (
            <div data-testid="job-show">
              <div className="job-card__main">
                <strong className="job-card__title">{d.job.title}</strong>
                <span className="job-card__salary">{d.job.salary}</span>
              </div>
              <div className="job-card__meta">
                <span>{d.job.city_name}</span>
                <Tag color={d.job.open ? 'green' : 'default'}>
                  {t(d.job.open ? 'portal.pages.open' : 'portal.pages.closed')}
                </Tag>
                {d.job.open === 1 && <Link to={`/injob?id=${d.job.id}`}>{t('portal.pages.viewJob')}</Link>}
              </div>
              <h2>{t('portal.pages.applications', { count: d.applications.length })}</h2>
              {d.applications.length === 0 ? (
                <Empty description={t('portal.pages.noApplications')} />
              ) : (
                <ApplicationRows items={d.applications} side="job" onChange={() => setVersion((v) => v + 1)} />
              )}
            </div>
          )
        }
      </ListStates>
    </>
  );
}
