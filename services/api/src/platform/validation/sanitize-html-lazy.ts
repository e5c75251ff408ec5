import type SanitizeHtml from 'sanitize-html';

let loaded: typeof SanitizeHtml | undefined;

/**
 * sanitize-html, loaded on its first use: with htmlparser2 and postcss it cost every api start and test file about
 * 0.2 s when required at start.
 */
export function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first used (see above)
  loaded ??= require('sanitize-html') as typeof SanitizeHtml;
  return loaded(html, options);
}
