import { Card, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ArticlePage, CALL, type JobPage } from '../api/calls.ts';
import { useTapi } from '../api/use-tapi.ts';
import { useCities } from '../chrome/slim-header.tsx';

function Count({ title, path, payload }: { title: string; path: string; payload: object }) {
  const state = useTapi<JobPage | ArticlePage>(path, { ...payload, size: 1 });
  if (state.status === 'loading') return <Skeleton.Button active />;
  const total = state.status === 'done' ? (state.answer.data?.total ?? 0) : 0;
  return <Statistic title={title} value={total} />;
}

/** /screen: the portal's figures at a glance (jobs per city, fairs, news), as a display screen would show them. */
export default function ScreenPage() {
  const { t, i18n } = useTranslation();
  const cities = useCities();
  const en = i18n.resolvedLanguage === 'en';
  return (
    <div className="screen-page">
      <div className="screen-page__head">
        <h1>{t('portal.screen.title')}</h1>
        <Link to="/" className="screen-page__home">
          {t('portal.menu.home')}
        </Link>
      </div>
      <div className="screen-page__grid">
        <Card>
          <Count title={t('portal.screen.jobs')} path={CALL.jobs} payload={{ province: '', citys: '', area: '' }} />
        </Card>
        {cities.map((c) => (
          <Card key={c.citys}>
            <Count title={en ? c.name_en : c.name} path={CALL.jobs} payload={{ citys: c.citys }} />
          </Card>
        ))}
        <Card>
          <Count title={t('portal.menu.fairs')} path={CALL.articles} payload={{ kind: 'zp', t: 1 }} />
        </Card>
        <Card>
          <Count title={t('portal.menu.news')} path={CALL.articles} payload={{ kind: 'news' }} />
        </Card>
      </div>
    </div>
  );
}
