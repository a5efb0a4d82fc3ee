import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QuickLogin } from '../../components/quick-login.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { MyProfilePanel } from '../../profile/my-profile-panel.tsx';
import { useSession } from '../../session/index.ts';
import { type ArticlePage, CALL, type JobPage } from '../api/calls.ts';
import { useTapi } from '../api/use-tapi.ts';
import { useCity } from '../chrome/city-store.ts';
import { Brand, CategoryPanel, MainMenu } from '../chrome/full-header.tsx';
import { SearchBox } from '../chrome/search-box.tsx';
import { CitySwitch } from '../chrome/slim-header.tsx';
import { ArticleRow, JobCard, ListStates } from './list-parts.tsx';

/** The hero's right panel: the login box for a visitor, the own profile when logged in. */
function AccountPanel() {
  const { t } = useTranslation();
  const snapshot = useSession();
  if (snapshot.status === 'loading') return <PageSpinner />;
  if (snapshot.status === 'signedIn')
    return (
      <section className="panel home-account" aria-labelledby="home-heading">
        <h2 id="home-heading" className="panel__title">
          {t('home.heading')}
        </h2>
        <MyProfilePanel />
      </section>
    );
  return (
    <section className="panel home-account" aria-labelledby="home-login">
      <h2 id="home-login" className="panel__title">
        {t('login.heading')}
      </h2>
      <QuickLogin />
      <p className="login__register">
        {t('portal.register.noAccount')} <Link to="/register">{t('portal.register.link')}</Link>
      </p>
    </section>
  );
}

function LatestJobs() {
  const { t } = useTranslation();
  const city = useCity();
  const state = useTapi<JobPage>(CALL.jobs, { citys: city.citys, size: 6 });
  const jobs = state.status === 'done' ? (state.answer.data?.list ?? null) : null;
  return (
    <section className="home-section" aria-labelledby="home-jobs">
      <div className="home-section__head">
        <h2 id="home-jobs">{t('portal.home.latestJobs')}</h2>
        <Link to="/job">{t('portal.home.more')}</Link>
      </div>
      <ListStates state={state} items={jobs}>
        {(items) => (
          <ul className="job-grid">
            {items.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function ArticleSection({ kind, t: sub, title, more }: { kind: string; t?: number; title: string; more: string }) {
  const { t } = useTranslation();
  const state = useTapi<ArticlePage>(CALL.articles, { kind, ...(sub ? { t: sub } : {}), size: 5 });
  const items = state.status === 'done' ? (state.answer.data?.list ?? null) : null;
  return (
    <section className="home-section home-section--half" aria-label={title}>
      <div className="home-section__head">
        <h2>{title}</h2>
        <Link to={more}>{t('portal.home.more')}</Link>
      </div>
      <ListStates state={state} items={items}>
        {(list) => (
          <ul className="article-list">
            {list.map((item) => (
              <ArticleRow key={item.id} item={item} to={`/${kind}_show?id=${item.id}`} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

/** `/` (seed 001 §2.1: no header, footer shown): the portal's front page with its own search hero. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="portal-home">
      <div className="home-hero">
        <div className="home-hero__bar">
          <Brand />
          <CitySwitch />
          <SearchBox />
        </div>
        <MainMenu />
        <div className="home-hero__body">
          <CategoryPanel />
          <div className="home-hero__banner">
            <h1>{t('portal.home.slogan')}</h1>
            <p>{t('portal.home.subline')}</p>
          </div>
          <AccountPanel />
        </div>
      </div>
      <LatestJobs />
      <div className="home-columns">
        <ArticleSection kind="zp" t={1} title={t('portal.menu.fairs')} more="/zp?t=1" />
        <ArticleSection kind="news" title={t('portal.menu.news')} more="/news" />
        <ArticleSection kind="zk" title={t('portal.menu.exam')} more="/zk" />
        <ArticleSection kind="train" title={t('portal.menu.learning')} more="/train" />
      </div>
    </div>
  );
}
