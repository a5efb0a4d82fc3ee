import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CALL, type ContentPage as Content } from '../api/calls.ts';
import { useTapi } from '../api/use-tapi.ts';
import { sanitizeHtml } from '../chrome/sanitize.ts';
import { idParam } from './job-detail-page.tsx';

/** /dy?id= : a generic content page (29 contact us, 36 employment policy), administrator HTML sanitized. */
export default function ContentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const state = useTapi<Content>(CALL.page, id ? { id } : null);
  if (!id) return <Empty className="page-body" description={t('portal.list.notFound')} />;
  if (state.status === 'loading') return <Skeleton className="page-body" active paragraph={{ rows: 8 }} />;
  const page = state.status === 'done' && state.answer.code === 1 ? state.answer.data : null;
  if (!page) return <Empty className="page-body" description={t('portal.list.notFound')} />;
  return (
    <article className="page-body panel article">
      <h1 className="page-title">{page.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeHtml's allow-list */}
      <div className="article__content pre-line" dangerouslySetInnerHTML={{ __html: sanitizeHtml(page.content) }} />
    </article>
  );
}
