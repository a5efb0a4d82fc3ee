import { Collapse, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ArticlePage, CALL } from '../api/calls.ts';
import { useTapi } from '../api/use-tapi.ts';
import type { ChannelKey } from '../i18n-keys.ts';
import type { PageProps } from '../routes/page-props.ts';
import { channelFor } from './channels.ts';
import { ArticleRow, ListStates } from './list-parts.tsx';
import { Pager } from './pager.tsx';

const PAGE_SIZE = 10;

/** The lists the seed only names (/zk, /train, /asked, /gg, /news, /zp, /expert, /recruit): article/list. */
export default function ChannelListPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const channel = channelFor(route.path);
  const sub =
    channel?.kind === 'zp' && (params.get('t') === '1' || params.get('t') === '2') ? Number(params.get('t')) : 0;
  const val = params.get('val')?.trim() ?? '';
  const page = Number(params.get('page')) > 0 ? Number(params.get('page')) : 1;
  const request = channel
    ? { kind: channel.kind, ...(sub ? { t: sub } : {}), ...(val ? { val } : {}), page, size: PAGE_SIZE }
    : null;
  const state = useTapi<ArticlePage>(CALL.articles, request);
  const data = state.status === 'done' ? state.answer.data : null;
  const titleKey: ChannelKey = sub === 1 ? 'fairs' : sub === 2 ? 'campus' : (channel?.title ?? 'news');
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <div className="page-body channel-list">
      <div className="page-title-row">
        <h1 className="page-title">{t(`portal.channel.${titleKey}`)}</h1>
        <Input.Search
          className="channel-list__search"
          defaultValue={val}
          allowClear
          placeholder={t('portal.list.search')}
          onSearch={(v) => set('val', v.trim())}
        />
      </div>
      <ListStates state={state} items={data?.list ?? null}>
        {(items) =>
          channel?.kind === 'asked' ? (
            <Collapse
              className="faq"
              items={items.map((item) => ({
                key: item.id,
                label: item.title,
                children: <p className="pre-line">{item.summary}</p>,
              }))}
            />
          ) : (
            <ul className="article-list">
              {items.map((item) => (
                <ArticleRow key={item.id} item={item} to={`${channel?.show ?? '/news_show'}?id=${item.id}`} />
              ))}
            </ul>
          )
        }
      </ListStates>
      {data && <Pager page={data.page} size={data.size} total={data.total} onChange={(p) => set('page', String(p))} />}
    </div>
  );
}
