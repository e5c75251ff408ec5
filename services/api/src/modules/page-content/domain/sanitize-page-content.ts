import type SanitizeHtml from 'sanitize-html';
import { sanitizeHtml } from '../../../platform/validation/sanitize-html-lazy';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLES = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

/**
 * Elements that may carry a style attribute; only the declarations of ALLOWED_STYLES survive. Paragraphs and
 * headings are included because rich-text editors align text with `<p style="text-align: center">`.
 */
const STYLED = ['span', 'div', 'p', ...HEADINGS];

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  'text-align': [/^(?:left|right|center|justify)$/i],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^[a-z]+$/i],
};

/** Raster images only: an SVG data URL can carry script. */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

const LINK_TARGETS = ['_blank', '_self', '_parent', '_top'];

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    'p',
    'br',
    'hr',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    ...TABLES,
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
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ...Object.fromEntries(STYLED.map((tag) => [tag, ['style']])),
  },
  allowedStyles: Object.fromEntries(STYLED.map((tag) => [tag, ALLOWED_STYLES])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const result = { ...attribs };
      if (result.target !== undefined && !LINK_TARGETS.includes(result.target)) delete result.target;
      // a link opening a new window must not hand it `window.opener`
      if (result.target === '_blank') result.rel = 'noopener noreferrer';
      return { tagName, attribs: result };
    },
    img: (tagName, attribs) => {
      const result = { ...attribs };
      if (result.src !== undefined && /^\s*data:/i.test(result.src) && !DATA_IMAGE.test(result.src)) {
        delete result.src;
      }
      return { tagName, attribs: result };
    },
  },
};

/**
 * Pure: page HTML a browser may render as is. Keeps the usual rich-text markup (headings, paragraphs, links,
 * images, lists, tables, emphasis, quotes, code) with text alignment and colour; drops scripts, style sheets,
 * event handlers, and URLs other than http(s) (plus mailto for links and raster data URLs for images).
 */
export function sanitizePageContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
