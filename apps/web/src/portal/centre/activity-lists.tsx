import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ApplicationItem, CALL, type InvitationItem, type JobItem } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { JobCard, ListStates, formatDate } from '../pages/list-parts.tsx';
import { usePaged } from './paged.tsx';
import { StatusSelect } from './show-pages.tsx';
import { StatusTag } from './status-tag.tsx';
import { RegionName } from '../region/region-name.tsx';

const PAGE_SIZE = 10;

/** A seeker's application opens its details (/user_jobshow); the enterprise's opens its job's applications. */
function jobLink(item: ApplicationItem | InvitationItem, side: 'seeker' | 'enterprise'): string {
  if (!('status' in item)) return `/injob?id=${item.job.id}`;
  return side === 'seeker' ? `/user_jobshow?id=${item.job.id}` : `/jushow?id=${item.job.id}`;
}

/** One application or invitation; `side` says whose list it is, so the other party is shown. */
function ActivityRow({
  item,
  side,
  onChange,
}: {
  item: ApplicationItem | InvitationItem;
  side: 'seeker' | 'enterprise';
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const invited = 'note' in item;
  const note = invited ? item.note : '';
  const when = t(invited ? 'portal.activity.invitedAt' : 'portal.activity.appliedAt', { date: formatDate(item.time) });
  const s = item.seeker;
  return (
    <li className="job-card" data-testid="activity-row">
      <div className="job-card__main">
        <Link to={jobLink(item, side)} className="job-card__title">
          {item.job.title}
        </Link>
        <span className="job-card__salary">{item.job.salary}</span>
      </div>
      {'status' in item && (
        <div className="job-card__status">
          {side === 'seeker' ? <StatusTag status={item.status} /> : <StatusSelect item={item} onChange={onChange} />}
        </div>
      )}
      {side === 'seeker' ? (
        <div className="job-card__company">{item.job.company.title}</div>
      ) : (
        <div className="job-card__meta" data-testid="activity-seeker">
          <Link to={`/ushow?uid=${encodeURIComponent(s.uid)}`}>
            <strong>{s.name}</strong>
          </Link>
          {s.citys && <RegionName code={s.citys} />}
          {s.education && <span>{s.education}</span>}
          {s.birth_year > 0 && <span>{t('portal.activity.birthYear', { year: s.birth_year })}</span>}
          {s.intention && <span>{s.intention}</span>}
          <Link to={`/cuser_chat?to=${encodeURIComponent(s.uid)}`}>{t('portal.activity.chat')}</Link>
        </div>
      )}
      {note && <p className="pre-line muted">{note}</p>}
      <div className="job-card__meta">
        <span>{item.job.city_name}</span>
        <span>{when}</span>
      </div>
    </li>
  );
}

const LISTS = {
  deliveries: { call: CALL.deliveries, side: 'seeker', empty: 'deliver', title: 'deliver' },
  invitations: { call: CALL.invitations, side: 'seeker', empty: 'invite', title: 'invite' },
  received: { call: CALL.received, side: 'enterprise', empty: 'received', title: 'received' },
  invited: { call: CALL.invited, side: 'enterprise', empty: 'invited', title: 'invited' },
} as const;

/** 投递记录, interview invitations, received applications, sent invitations (PRT18, PRT23). */
export function ActivityList({ list }: { list: keyof typeof LISTS }) {
  const { t } = useTranslation();
  const spec = LISTS[list];
  const [version, setVersion] = useState(0);
  const { state, items, pager } = usePaged<ApplicationItem | InvitationItem>(spec.call, PAGE_SIZE, version);
  return (
    <>
      <h1 className="page-title">{t(`portal.centre.${spec.title}`)}</h1>
      <ListStates state={state} items={items} empty={t(`portal.centreEmpty.${spec.empty}`)}>
        {(rows) => (
          <ul className="job-list">
            {rows.map((item) => (
              <ActivityRow
                key={`${item.job.id}-${item.seeker.uid}`}
                item={item}
                side={spec.side}
                onChange={() => setVersion((v) => v + 1)}
              />
            ))}
          </ul>
        )}
      </ListStates>
      {pager}
    </>
  );
}

/** Saved jobs (PRT19), each with a remove button. */
export function SavedJobs() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  // The App context's message: the static one would inject styles without the CSP nonce.
  const { message } = App.useApp();
  const { state, items: jobs, pager } = usePaged<JobItem>(CALL.saved, PAGE_SIZE, version);
  const remove = async (id: number) => {
    const answer = await tapi(CALL.collect, { id, collect: 0 }).catch(() => null);
    if (answer && answer.code !== 1) void message.error(answerText(answer));
    setVersion((v) => v + 1);
  };
  return (
    <>
      <h1 className="page-title">{t('portal.centre.collect')}</h1>
      <ListStates state={state} items={jobs} empty={t('portal.centreEmpty.collect')}>
        {(items) => (
          <ul className="job-list">
            {items.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                action={
                  <Button size="small" onClick={() => void remove(job.id)} data-testid="unsave">
                    {t('portal.activity.unsave')}
                  </Button>
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
