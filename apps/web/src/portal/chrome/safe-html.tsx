import { sanitizeHtml } from './sanitize.ts';

/** An administrator's content block, sanitized (rule POR7); DOMPurify loads with it, apart from the portal (PERF6). */
export default function SafeHtml({ html, className }: { html: string; className: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeHtml's allow-list
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
