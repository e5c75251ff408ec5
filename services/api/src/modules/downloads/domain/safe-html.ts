import type SanitizeHtml from 'sanitize-html';
import { sanitizeHtml } from '../../../platform/validation/sanitize-html-lazy';

/** Text as HTML: the five markup characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text as HTML that keeps its line breaks. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br />');
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLES = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const STYLED = ['span', 'div', 'p', ...HEADINGS];
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  'text-align': [/^(?:left|right|center|justify)$/i],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^[a-z]+$/i],
};
/** Raster images only: an SVG data URL can carry script. Remote images are not fetched by the renderer. */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    ...TABLES,
    'p',
    'br',
    'hr',
    'a',
    'img',
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
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ...Object.fromEntries(STYLED.map((tag) => [tag, ['style']])),
  },
  allowedStyles: Object.fromEntries(STYLED.map((tag) => [tag, ALLOWED_STYLES])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !DATA_IMAGE.test(frame.attribs.src ?? ''),
};

/**
 * Rich text (answers, embellishments) as HTML safe to put into a PDF page: the usual editor markup, no scripts,
 * style sheets, event handlers or frames; links keep http(s)/mailto; images only as raster data URLs.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
