import type { EmailTemplate } from '@user-office/contracts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /( ?)\{\{\s*([\w.]+)\s*\}\}/g;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * Fills an e-mail template's `{{path}}` placeholders (contracts' EMAIL_TEMPLATE_PLACEHOLDERS) with `values`.
 * Pure. A placeholder without a value renders as nothing, and takes the space before it along
 * ("Dear {{recipient.firstname}} {{recipient.lastname}}," with no last name gives "Dear Ada,"). Values are
 * HTML-escaped in the HTML body; subject and text are plain (line breaks in a subject become spaces).
 */
export function renderEmailTemplate(
  template: Pick<EmailTemplate, 'subject' | 'text' | 'html'>,
  values: Readonly<Record<string, string | null | undefined>>,
): RenderedEmail {
  const fill = (source: string, encode: (value: string) => string) =>
    source.replace(PLACEHOLDER, (_match, space: string, path: string) => {
      const value = values[path];
      return value === null || value === undefined || value === '' ? '' : `${space}${encode(value)}`;
    });
  return {
    subject: fill(template.subject, (v) => v.replace(/\s*[\r\n]+\s*/g, ' ')),
    text: fill(template.text, (v) => v),
    html: fill(template.html, escapeHtml),
  };
}
