import { Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CALL, type JobGroup, type JobPage } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { chooseCity, useCity } from '../chrome/city-store.ts';
import { RegionPicker } from '../region/region-picker.tsx';
import { JobCard, ListStates } from './list-parts.tsx';
import { Pager } from './pager.tsx';

const PAGE_SIZE = 10;

/** Query numbers: positive integers only; anything else is no filter. */
function intParam(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

/** /job?hid=&val=&xz= (seed 001 §2.1): the job search with the slim header's city (POR6). */
export default function JobListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const city = useCity();
  const groups = dataOf(useTapi<JobGroup[]>(CALL.groups, {}, { cache: true })) ?? [];
  const val = params.get('val')?.trim() ?? '';
  const hid = intParam(params.get('hid'));
  const xzRaw = intParam(params.get('xz'));
  const xz = xzRaw === 0 || xzRaw === 1 ? xzRaw : undefined;
  const page = intParam(params.get('page')) ?? 1;
  const request = {
    ...(val ? { val } : {}),
    ...(hid ? { hid } : {}),
    ...(xz !== undefined ? { xz } : {}),
    province: city.province,
    citys: city.citys,
    area: city.area,
    page,
    size: PAGE_SIZE,
  };
  const state = useTapi<JobPage>(CALL.jobs, request);
  const data = state.status === 'done' ? state.answer.data : null;

  const set = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <div className="page-body job-list-page">
      <h1 className="page-title">{val ? t('portal.job.resultsFor', { val }) : t('portal.job.title')}</h1>
      <section className="filters" aria-label={t('portal.job.filters')}>
        <Input.Search
          defaultValue={val}
          key={val}
          allowClear
          placeholder={t('portal.header.searchPlaceholder')}
          onSearch={(v) => set('val', v.trim() || undefined)}
          className="filters__search"
        />
        <Select
          className="filters__group"
          allowClear
          value={hid}
          placeholder={t('portal.job.group')}
          options={groups.map((g) => ({ value: g.id, label: g.title }))}
          onChange={(v?: number) => set('hid', v ? String(v) : undefined)}
          aria-label={t('portal.job.group')}
        />
        <Radio.Group
          value={xz ?? 'all'}
          optionType="button"
          onChange={(e) => set('xz', e.target.value === 'all' ? undefined : String(e.target.value))}
          options={[
            { value: 'all', label: t('portal.job.all') },
            { value: 0, label: t('portal.job.fullTime') },
            { value: 1, label: t('portal.job.partTime') },
          ]}
        />
        <RegionPicker
          value={[city.province, city.citys, city.area]}
          onChange={([province = '', citys = '', area = ''] = []) => chooseCity({ province, citys, area })}
        />
      </section>
      <p className="muted" data-testid="job-total">
        {data ? t('portal.job.total', { count: data.total }) : '\u00a0'}
      </p>
      <ListStates state={state} items={data?.list ?? null} empty={t('portal.job.none')}>
        {(jobs) => (
          <ul className="job-list">
            {jobs.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </ul>
        )}
      </ListStates>
      {data && <Pager page={data.page} size={data.size} total={data.total} onChange={(p) => set('page', String(p))} />}
    </div>
  );
}
