import { Alert, Descriptions, Empty, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CALL, type JobDetail } from '../api/calls.ts';
import { useTapi } from '../api/use-tapi.ts';
import { idParam } from './job-detail-page.tsx';
import { mapLink } from './map-link.ts';

/** /map?id= : where a job (and its company) is: address, coordinates, and the configured map service if any. */
export default function MapPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const state = useTapi<JobDetail>(CALL.job, id ? { id } : null);
  if (!id) return <Empty className="page-body" description={t('portal.map.none')} />;
  if (state.status === 'loading') return <Skeleton className="page-body" active />;
  const job = state.status === 'done' && state.answer.code === 1 ? state.answer.data : null;
  if (!job) return <Empty className="page-body" description={t('portal.list.notFound')} />;
  const link = mapLink({ lng: job.lng, lat: job.lat, name: job.company.title });
  return <MapPlace job={job} link={link} />;
}

/** For the operator only (rule POR29): the console says why there is no map link; the page says it kindly. */
export const MAP_NOT_CONFIGURED =
  '[parley] /map: no map service configured (VITE_PARLEY_MAP_URL, https, with {lng} {lat} {name} {key}); showing the address and coordinates only';

function MapPlace({ job, link }: { job: JobDetail; link: string | null }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!link) console.info(MAP_NOT_CONFIGURED);
  }, [link]);
  return (
    <div className="page-body panel map-page">
      <h1 className="page-title">{t('portal.map.title', { name: job.company.title })}</h1>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'job', label: t('portal.map.job'), children: <Link to={`/injob?id=${job.id}`}>{job.title}</Link> },
          { key: 'address', label: t('portal.job.address'), children: job.address || job.company_info.address },
          { key: 'city', label: t('portal.map.city'), children: job.city_name },
          {
            key: 'coords',
            label: t('portal.map.coords'),
            children: <span data-testid="map-coords">{`${job.lng.toFixed(6)}, ${job.lat.toFixed(6)}`}</span>,
          },
        ]}
      />
      {link ? (
        <a className="map-page__link" href={link} target="_blank" rel="noopener noreferrer">
          {t('portal.map.open')}
        </a>
      ) : (
        <Alert
          className="map-page__note"
          type="info"
          showIcon
          title={t('portal.map.unavailable')}
          data-testid="map-note"
        />
      )}
    </div>
  );
}
