import { emailTemplateById } from '@user-office/contracts';
import { renderEmailTemplate } from '../../notifications';
import { experimentPlaceholders, facilityDateTime } from './experiment-placeholders';

const facts = {
  experimentId: '42',
  startsAt: new Date('2027-01-15T08:00:00Z'),
  endsAt: new Date('2027-01-17T16:30:00Z'),
  status: 'ACTIVE',
  instrumentName: 'D22 <small-angle>',
  localContact: { firstname: 'Ada', preferredname: null, lastname: 'Lovelace' },
};

describe('the experiment placeholders of status-action e-mails', () => {
  it('gives the experiment, its times in the facility time zone, its local contact and its instrument', () => {
    expect(experimentPlaceholders(facts, 'Europe/Stockholm')).toEqual({
      'experiment.experimentId': '42',
      'experiment.startsAt': '15 Jan 2027, 09:00',
      'experiment.endsAt': '17 Jan 2027, 17:30',
      'experiment.status': 'ACTIVE',
      'experiment.localContact': 'Ada Lovelace',
      'instrument.name': 'D22 <small-angle>',
    });
    expect(
      experimentPlaceholders({ ...facts, localContact: null, instrumentName: null }, 'UTC'),
    ).toMatchObject({
      'experiment.localContact': '',
      'instrument.name': '',
      'experiment.startsAt': '15 Jan 2027, 08:00',
    });
  });

  it('falls back on UTC, said so, for a time zone setting that is no zone', () => {
    expect(facilityDateTime(facts.startsAt, 'Mars/Olympus')).toBe('15 Jan 2027, 08:00 UTC');
  });

  it('fills the experiment e-mail templates (escaped in the HTML body)', () => {
    const mail = renderEmailTemplate(emailTemplateById('experiment-esf-submitted')!, {
      'proposal.title': 'Spin',
      ...experimentPlaceholders(facts, 'UTC'),
    });
    expect(mail.subject).toBe('Experiment safety form of 42 submitted');
    expect(mail.text).toContain(
      'The experiment safety form of the experiment 42 on D22 <small-angle> (proposal "Spin", starting 15 Jan 2027, 08:00) has been submitted for review.',
    );
    expect(mail.html).toContain('on D22 &lt;small-angle&gt;');
  });
});
