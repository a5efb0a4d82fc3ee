import { Breadcrumb, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Article, CALL } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { useTapi } from '../api/use-tapi.ts';
import { sanitizeHtml } from '../chrome/sanitize.ts';
import type { PageProps } from '../routes/page-props.ts';
import { channelFor } from './channels.ts';
import { idParam } from './job-detail-page.tsx';
import { formatDate } from './list-parts.tsx';

/** One article of a channel: the detail routes the seed only names (/zk_show, /news_show, /train_show, ...). */
export default function ChannelShowPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const channel = channelFor(route.path);
  const id = idParam(params.get('id'));
  const state = useTapi<Article>(CALL.article, channel && id ? { kind: channel.kind, id } : null);
  if (!channel || !id) return <Empty className="page-body" description={t('portal.list.notFound')} />;
  if (state.status === 'loading') return <Skeleton className="page-body" active paragraph={{ rows: 10 }} />;
  const article = state.status === 'done' && state.answer.code === 1 ? state.answer.data : null;
  if (!article)
    return (
      <Empty
        className="page-body"
        description={
          state.status === 'done' ? answerText(state.answer) || t('portal.list.notFound') : t('portal.list.failed')
        }
      />
    );
  const listPath = route.path.replace(/_(show|keshow|zshow)$/, '');
  return (
    <article className="page-body panel article">
      <Breadcrumb
        items={[
          { title: <Link to="/">{t('portal.menu.home')}</Link> },
          { title: <Link to={listPath}>{t(`portal.channel.${channel.title}`)}</Link> },
        ]}
      />
      <h1 className="page-title" data-testid="article-title">
        {article.title}
      </h1>
      <div className="article-row__meta">
        {article.source && <span>{article.source}</span>}
        {article.place && <span>{article.place}</span>}
        {article.starts_at > 0 && (
          <span>
            {t(channel.kind === 'zk' ? 'portal.article.signupOpens' : 'portal.article.starts', {
              date: formatDate(article.starts_at),
            })}
          </span>
        )}
        {article.ends_at > 0 && (
          <span>
            {t(channel.kind === 'zk' ? 'portal.article.signupCloses' : 'portal.article.ends', {
              date: formatDate(article.ends_at),
            })}
          </span>
        )}
        <span>{formatDate(article.time)}</span>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeHtml's allow-list */}
      <div className="article__content pre-line" dangerouslySetInnerHTML={{ __html: sanitizeHtml(article.content) }} />
    </article>
  );
}
