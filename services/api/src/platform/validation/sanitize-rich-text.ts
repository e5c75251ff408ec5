import type SanitizeHtml from 'sanitize-html';
import { sanitizeHtml } from './sanitize-html-lazy';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLES = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
/** Elements that may carry a style attribute; only the declarations of ALLOWED_STYLES survive. */
const STYLED = ['span', 'div', 'p', ...HEADINGS];
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  'text-align': [/^(?:left|right|center|justify)$/i],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^[a-z]+$/i],
};

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    ...TABLES,
    'p',
    'br',
    'hr',
    'a',
    'ul',
    'ol',
    'li',
    'b',
    'i',
    'strong',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ...Object.fromEntries(STYLED.map((tag) => [tag, ['style']])),
  },
  allowedStyles: Object.fromEntries(STYLED.map((tag) => [tag, ALLOWED_STYLES])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // a link opening a new window must not hand it `window.opener`
    a: (tagName, attribs) =>
      attribs.target === undefined
        ? { tagName, attribs }
        : { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } },
  },
};

/**
 * Pure: a comment written in the rich-text editor (reviews, internal reviews, scientist comments) as HTML a
 * browser may render as is: the editor's markup (paragraphs, emphasis, lists, links, tables, headings, text
 * alignment and colour); no scripts, style sheets, event handlers, images or frames; links keep http(s)/mailto.
 * Plain text passes unchanged except that `<`, `>` and `&` outside markup are escaped.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Whether sanitised HTML shows no text (e.g. `<p></p>`, `<p> <br></p>`, or markup that was all removed). */
export function isBlankRichText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
