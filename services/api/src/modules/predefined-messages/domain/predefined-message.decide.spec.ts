import { PredefinedMessageKey } from '@user-office/contracts';
import type { AppError } from '../../../platform/errors/app-error';
import { predefinedMessageDecider } from './predefined-message.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(predefinedMessageDecider.evolve, predefinedMessageDecider.initialState);

const created = {
  type: 'PredefinedMessageCreated',
  data: { id: 7, title: 'Missing sample', message: 'Please describe the sample.', key: 'manager' },
};
const notFound = expect.objectContaining<Partial<AppError>>({
  code: 'NOT_FOUND',
  message: 'Predefined message not found',
});

describe('predefined message decider', () => {
  it('creates a message with its id, title, text and key', () => {
    expect(
      predefinedMessageDecider.decide(
        {
          type: 'CreatePredefinedMessage',
          id: 7,
          title: 'Missing sample',
          message: 'Please describe the sample.',
          key: PredefinedMessageKey.manager,
        },
        given([]),
      ),
    ).toEqual([created]);
  });

  it('refuses to create a message over an existing one', () => {
    expect(() =>
      predefinedMessageDecider.decide(
        {
          type: 'CreatePredefinedMessage',
          id: 7,
          title: 't',
          message: 'm',
          key: PredefinedMessageKey.general,
        },
        given([created]),
      ),
    ).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
  });

  it('records the whole message after an update, keeping the key when none is given', () => {
    expect(
      predefinedMessageDecider.decide(
        { type: 'UpdatePredefinedMessage', id: 7, title: 'Sample missing', message: 'Please describe it.' },
        given([created]),
      ),
    ).toEqual([
      {
        type: 'PredefinedMessageUpdated',
        data: { id: 7, title: 'Sample missing', message: 'Please describe it.', key: 'manager' },
      },
    ]);
  });

  it('moves a message to another key', () => {
    const [event] = predefinedMessageDecider.decide(
      {
        type: 'UpdatePredefinedMessage',
        id: 7,
        title: 'Missing sample',
        message: 'Please describe the sample.',
        key: PredefinedMessageKey.user,
      },
      given([created]),
    );
    expect(event.data).toMatchObject({ key: 'user' });
  });

  it('decides nothing when an update changes nothing', () => {
    expect(
      predefinedMessageDecider.decide(
        {
          type: 'UpdatePredefinedMessage',
          id: 7,
          title: 'Missing sample',
          message: 'Please describe the sample.',
          key: PredefinedMessageKey.manager,
        },
        given([created]),
      ),
    ).toEqual([]);
  });

  it('deletes a message once', () => {
    expect(
      predefinedMessageDecider.decide({ type: 'DeletePredefinedMessage', id: 7 }, given([created])),
    ).toEqual([{ type: 'PredefinedMessageDeleted', data: { id: 7 } }]);
  });

  it('does not find a message that was never created or was deleted', () => {
    const deleted = given([created, { type: 'PredefinedMessageDeleted', data: { id: 7 } }]);
    for (const state of [given([]), deleted]) {
      expect(() =>
        predefinedMessageDecider.decide(
          { type: 'UpdatePredefinedMessage', id: 7, title: 't', message: 'm' },
          state,
        ),
      ).toThrow(notFound);
      expect(() =>
        predefinedMessageDecider.decide({ type: 'DeletePredefinedMessage', id: 7 }, state),
      ).toThrow(notFound);
    }
  });
});
