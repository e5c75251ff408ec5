import { EMAIL_TEMPLATES } from '@user-office/contracts';
import { renderEmailTemplate } from './render-email-template';

const submitted = EMAIL_TEMPLATES.find((t) => t.id === 'proposal-submitted')!;

describe('renderEmailTemplate', () => {
  const values = {
    'recipient.firstname': 'Ada',
    'recipient.lastname': 'Lovelace',
    'proposal.title': 'Engines <of> "difference"',
    'proposal.proposalId': '2024-0042',
    'call.shortCode': 'CALL-1',
    'facility.name': 'Lab',
    'facility.userOfficeEmail': 'uo@lab.org',
    'links.proposal': 'http://localhost:4000/ProposalEdit/12',
  };

  it('fills every placeholder of the proposal-submitted template', () => {
    const mail = renderEmailTemplate(submitted, values);
    expect(mail.subject).toBe('Your proposal 2024-0042 has been submitted');
    expect(mail.text).toBe(
      'Dear Ada Lovelace,\n\nyour proposal "Engines <of> "difference"" (2024-0042) to the call CALL-1 has been ' +
        'submitted. You will be told when a decision has been made.\n\nhttp://localhost:4000/ProposalEdit/12\n\n' +
        'Kind regards,\nThe user office of Lab\nuo@lab.org',
    );
    expect(mail.text).not.toMatch(/\{\{/);
    expect(mail.html).not.toMatch(/\{\{/);
  });

  it('escapes values in the HTML body only, links included', () => {
    const mail = renderEmailTemplate(submitted, {
      ...values,
      'links.proposal': 'http://x/"><script>',
    });
    expect(mail.html).toContain('Engines &lt;of&gt; &quot;difference&quot;');
    expect(mail.html).toContain('<a href="http://x/&quot;&gt;&lt;script&gt;">');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Engines <of> "difference"');
  });

  it('renders a missing value as nothing, with the space before it', () => {
    const mail = renderEmailTemplate(submitted, {
      ...values,
      'recipient.lastname': '',
      'recipient.firstname': null,
    });
    expect(mail.text.startsWith('Dear,\n')).toBe(true);
    expect(renderEmailTemplate({ subject: 'A {{x}} B', text: '', html: '' }, {}).subject).toBe('A B');
  });

  it('keeps subjects on one line', () => {
    expect(
      renderEmailTemplate({ subject: 'Re: {{t}}', text: '', html: '' }, { t: 'two\r\nlines' }).subject,
    ).toBe('Re: two lines');
  });
});
