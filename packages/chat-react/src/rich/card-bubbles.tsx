import { useT } from '../hooks/use-t.ts';
import { CallLine } from '../calls/call-line.tsx';
import type { ContentProps } from '../message-list/content-props.ts';
import { UploadProgress } from './media-bubbles.tsx';
import { FileGlyph } from './file-glyph.tsx';
import { customData, fileIcon, formatSize, safeUrl, truncateName } from './rich-rules.ts';

type Payload = Record<string, unknown>;
const payloadOf = (item: ContentProps['item']): Payload => (item.payload ?? {}) as Payload;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A link that opens safely in a new tab, or plain text when the URL is not http(s) (KUPL2). */
function SafeLink({ href, children, className }: { href: unknown; children: React.ReactNode; className?: string }) {
  const url = safeUrl(href);
  if (!url) return <span className={className}>{children}</span>;
  return (
    <a className={className} href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** File card: 160×50, an icon by type, the name cut at 16 width units, the size (KUPL3). Click opens or downloads. */
export function FileContent({ item }: ContentProps) {
  const t = useT();
  const p = payloadOf(item);
  const name = str(p.fileName) || 'file';
  return (
    <>
      <SafeLink href={p.fileUrl} className="pc-file">
        <FileGlyph kind={fileIcon(name)} />
        <span className="pc-file__text">
          <span className="pc-file__name" title={name}>
            {truncateName(name)}
          </span>
          <span className="pc-file__size">{formatSize(Number(p.fileSize) || 0)}</span>
        </span>
        <span className="pc-sr-only">{t('rich.open', { name })}</span>
      </SafeLink>
      <UploadProgress item={item} />
    </>
  );
}

/** Custom messages by businessID (decision 0016); anything else shows its description or the unsupported line. */
export function CustomContent({ item }: ContentProps) {
  const t = useT();
  const p = payloadOf(item);
  const data = customData(p);
  const id = str(data?.businessID);
  // Calls (decision 0039): a signalling record is a call line.
  if (data && id === '1') return <CallLine item={item} />;
  if (data && id === 'evaluation') {
    const score = Math.max(1, Math.min(5, Number(data.score) || 1));
    return (
      <div className="pc-card">
        <strong>{t('rich.evaluation')}</strong>
        <span role="img" aria-label={t('rich.stars', { count: score })}>
          {'★'.repeat(score)}
          {'☆'.repeat(5 - score)}
        </span>
        {data.comment ? <p className="pc-text">{str(data.comment)}</p> : null}
      </div>
    );
  }
  if (data && id === 'order') {
    const image = safeUrl(data.imageUrl);
    return (
      <SafeLink href={data.link} className="pc-card pc-card--order">
        {image ? <img src={image} alt="" width={60} height={60} /> : null}
        <span>
          <strong>{str(data.title) || t('rich.order')}</strong>
          <span className="pc-card__muted">{str(data.description)}</span>
          <span className="pc-card__price">{str(data.price)}</span>
        </span>
      </SafeLink>
    );
  }
  if (data && id === 'text_link') {
    return (
      <div className="pc-card">
        <p className="pc-text">{str(data.text)}</p>
        <SafeLink href={data.link}>{t('rich.link')}</SafeLink>
      </div>
    );
  }
  if (data && id === 'consultion') {
    return (
      <div className="pc-card">
        <strong>{str(data.title) || t('rich.consult')}</strong>
        <span className="pc-card__muted">{str(data.description ?? data.desc)}</span>
      </div>
    );
  }
  const description = str(p.description);
  return <p className="pc-text pc-text--muted">{description || t('message.unsupported')}</p>;
}
