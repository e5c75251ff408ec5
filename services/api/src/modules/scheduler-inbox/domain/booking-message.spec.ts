import { SCHEDULER_BOOKING_MESSAGE_SCHEMA } from '@user-office/contracts';
import Ajv from 'ajv';
import { InvalidBookingMessage, parseBookingMessage, schedulerDate, targetStatus } from './booking-message';

const slot = {
  id: 42,
  proposalPk: 7,
  instrumentId: 3,
  startsAt: '2027-03-01 08:00:00',
  endsAt: '2027-03-01 20:00:00',
  status: 'ACTIVE',
  localContactId: null,
};

describe("the scheduler's booking messages", () => {
  it("reads yyyy-MM-dd HH:mm:ss in the facility's time zone, ISO 8601 as it is", () => {
    expect(schedulerDate('2027-03-01 08:00:00', 'UTC', 'd')).toBe('2027-03-01T08:00:00.000Z');
    expect(schedulerDate('2027-03-01 08:00:00', 'Europe/Stockholm', 'd')).toBe('2027-03-01T07:00:00.000Z');
    expect(schedulerDate('2027-07-01 08:00:00', 'Europe/Stockholm', 'd')).toBe('2027-07-01T06:00:00.000Z');
    expect(schedulerDate('2027-03-01T08:00:00+02:00', 'Europe/Stockholm', 'd')).toBe(
      '2027-03-01T06:00:00.000Z',
    );
    expect(() => schedulerDate('2027-02-30 08:00:00', 'UTC', 'd')).toThrow(InvalidBookingMessage);
    expect(() => schedulerDate('soon', 'UTC', 'd')).toThrow(InvalidBookingMessage);
  });

  it('a slot message: its time slot, and the status it leaves the experiment in', () => {
    expect(new Ajv().validate(SCHEDULER_BOOKING_MESSAGE_SCHEMA, slot)).toBe(true);
    const message = parseBookingMessage('PROPOSAL_BOOKING_TIME_UPDATED', slot, 'UTC');
    expect(message).toEqual({
      type: 'PROPOSAL_BOOKING_TIME_UPDATED',
      slot: {
        scheduledEventId: '42',
        proposalPk: 7,
        instrumentId: 3,
        startsAt: '2027-03-01T08:00:00.000Z',
        endsAt: '2027-03-01T20:00:00.000Z',
        status: 'ACTIVE',
        localContactId: null,
      },
    });
    if (!message || !('slot' in message)) throw new Error('a slot message');
    expect(targetStatus(message)).toBe('ACTIVE');
    expect(targetStatus({ ...message, type: 'PROPOSAL_BOOKING_TIME_REOPENED' })).toBe('DRAFT');
    expect(targetStatus({ ...message, type: 'PROPOSAL_BOOKING_TIME_COMPLETED' })).toBe('COMPLETED');
  });

  it("the scheduler's messages as it sends them: the type decides, REOPENED by the experiment's status", () => {
    // finalizeScheduledEvent COMPLETE publishes the slot as it was (ACTIVE)
    const completed = parseBookingMessage(
      'PROPOSAL_BOOKING_TIME_COMPLETED',
      { ...slot, status: 'ACTIVE' },
      'UTC',
    );
    if (!completed || !('slot' in completed)) throw new Error('a slot message');
    expect(targetStatus(completed, 'ACTIVE')).toBe('COMPLETED');
    // reopenScheduledEvent: a COMPLETED slot back to ACTIVE (the message says ACTIVE)
    const reopened = parseBookingMessage(
      'PROPOSAL_BOOKING_TIME_REOPENED',
      { ...slot, status: 'ACTIVE' },
      'UTC',
    );
    if (!reopened || !('slot' in reopened)) throw new Error('a slot message');
    expect(targetStatus(reopened, 'COMPLETED')).toBe('ACTIVE');
    // finalizeScheduledEvent RESTART: an ACTIVE (or DRAFT) slot back to DRAFT (the message says ACTIVE, or DRAFT)
    expect(targetStatus(reopened, 'ACTIVE')).toBe('DRAFT');
    expect(targetStatus({ ...reopened, slot: { ...reopened.slot, status: 'DRAFT' } }, 'DRAFT')).toBe('DRAFT');
    expect(targetStatus(reopened, null)).toBe('DRAFT');
  });

  it('the removed list (ISO 8601 dates) names the scheduled events', () => {
    expect(
      parseBookingMessage(
        'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED',
        { scheduledevents: [{ id: 42, startsAt: '2027-03-01T08:00:00.000Z' }, { id: 43 }] },
        'UTC',
      ),
    ).toEqual({ type: 'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED', scheduledEventIds: ['42', '43'] });
  });

  it('refuses what does not fit its schema; a type it does not consume is null', () => {
    for (const bad of [
      { ...slot, proposalPk: 'seven' },
      { ...slot, endsAt: '2027-03-01 07:00:00' },
      { ...slot, status: 'BOOKED' },
      [],
    ])
      expect(() => parseBookingMessage('PROPOSAL_BOOKING_TIME_SLOT_ADDED', bad, 'UTC')).toThrow(
        InvalidBookingMessage,
      );
    expect(parseBookingMessage('PROPOSAL_CREATED', slot, 'UTC')).toBeNull();
  });
});
