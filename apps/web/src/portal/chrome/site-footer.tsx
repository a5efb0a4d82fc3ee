import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Block, BLOCK, CALL, PAGE } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { usePortalUser } from './use-portal-user.ts';

const loadSafeHtml = () => import('./safe-html.tsx');
const SafeHtml = lazy(loadSafeHtml);

/** Seed 001 §2.2 footer links, in order; the talent pool only for enterprises (rule POR14). */
export const FOOTER_LINKS = [
  { key: 'home', to: '/' },
  { key: 'fullTime', to: '/job?xz=0' },
  { key: 'partTime', to: '/job?xz=1' },
  { key: 'campus', to: '/zp?t=2' },
  { key: 'direct', to: '/zk' },
  { key: 'talent', to: '/cuser_talent', enterpriseOnly: true },
  { key: 'policy', to: `/dy?id=${PAGE.policy}` },
  { key: 'faq', to: '/asked' },
  { key: 'contact', to: `/dy?id=${PAGE.contact}` },
] as const;

function QrImage({ id }: { id: number }) {
  const block = dataOf(useTapi<Block>(CALL.block, { id }, { cache: true }));
  return (
    <figure className="site-footer__qr" data-testid={`qr-${id}`}>
      {block ? <img src={block.image} alt={block.title} width={96} height={96} /> : <span className="qr-placeholder" />}
      <figcaption>{block?.title ?? ''}</figcaption>
    </figure>
  );
}

/** Administrator HTML from common/bimage, sanitized before it reaches the DOM (POR7). */
export function BlockHtml({ id, className }: { id: number; className: string }) {
  const block = dataOf(useTapi<Block>(CALL.block, { id }, { cache: true }));
  // The sanitizer loads beside the block's request, not with the portal's first load (PERF6).
  useEffect(() => void loadSafeHtml(), []);
  if (!block) return null;
  return (
    <Suspense fallback={null}>
      <SafeHtml className={className} html={block.content} />
    </Suspense>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const { identity } = usePortalUser();
  const links = FOOTER_LINKS.filter((link) => !('enterpriseOnly' in link) || identity === 2);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__main">
          <nav className="site-footer__links" aria-label={t('portal.footer.label')}>
            {links.map((link) => (
              <Link key={link.key} to={link.to}>
                {t(`portal.footer.${link.key}`)}
              </Link>
            ))}
          </nav>
          <BlockHtml id={BLOCK.footer} className="site-footer__info" />
        </div>
        <div className="site-footer__qrs">
          <QrImage id={BLOCK.qrLeft} />
          <QrImage id={BLOCK.qrRight} />
        </div>
      </div>
      <BlockHtml id={BLOCK.copyright} className="site-footer__copyright" />
    </footer>
  );
}
