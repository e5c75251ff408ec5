import {
  createPredefinedMessageSchema,
  deletePredefinedMessageSchema,
  predefinedMessagesFilterSchema,
  updatePredefinedMessageSchema,
} from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { validateInput } from '../../../platform/validation/validate-input';

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof AppError ? { message: error.message, fieldErrors: error.fieldErrors } : error,
  );

describe('predefined message inputs (contracts schemas)', () => {
  it('trims title and message and defaults the key to general on create', async () => {
    await expect(
      validateInput(createPredefinedMessageSchema, { title: ' T ', message: ' M ', key: null }),
    ).resolves.toEqual({ title: 'T', message: 'M', key: 'general' });
  });

  it('requires title and message, blank counting as missing', async () => {
    expect(
      await rejection(validateInput(createPredefinedMessageSchema, { title: ' ', message: '' })),
    ).toEqual({
      message: 'Title is required',
      fieldErrors: { title: 'Title is required', message: 'Message is required' },
    });
    expect(
      await rejection(validateInput(updatePredefinedMessageSchema, { id: 1, title: 't', message: '\n' })),
    ).toEqual({ message: 'Message is required', fieldErrors: { message: 'Message is required' } });
  });

  it('leaves the key out of an update that does not give one', async () => {
    await expect(
      validateInput(updatePredefinedMessageSchema, { id: 3, title: 't', message: 'm', key: null }),
    ).resolves.toEqual({ id: 3, title: 't', message: 'm' });
    await expect(
      validateInput(updatePredefinedMessageSchema, { id: 3, title: 't', message: 'm', key: 'manager' }),
    ).resolves.toMatchObject({ key: 'manager' });
  });

  it('refuses unknown keys and missing ids', async () => {
    expect(
      await rejection(validateInput(createPredefinedMessageSchema, { title: 't', message: 'm', key: 'all' })),
    ).toEqual({
      message: 'Unknown key: all (expected manager, user, general)',
      fieldErrors: { key: 'Unknown key: all (expected manager, user, general)' },
    });
    expect(await rejection(validateInput(deletePredefinedMessageSchema, {}))).toMatchObject({
      message: 'Predefined message is required',
    });
  });

  it('filters by general when no key is given', async () => {
    await expect(validateInput(predefinedMessagesFilterSchema, {})).resolves.toEqual({ key: 'general' });
    await expect(validateInput(predefinedMessagesFilterSchema, { key: null })).resolves.toEqual({
      key: 'general',
    });
    await expect(validateInput(predefinedMessagesFilterSchema, { key: 'user' })).resolves.toEqual({
      key: 'user',
    });
  });
});
