import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/**
 * Question configs (embellishments, HTML question texts) are officer-written HTML the api stores as given:
 * sanitised here with DOMPurify (no scripts, event handlers or javascript: links) before it is shown.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

export function SafeHtml({ html, id }: { html: string; id?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div id={id} dangerouslySetInnerHTML={{ __html: clean }} />;
}
