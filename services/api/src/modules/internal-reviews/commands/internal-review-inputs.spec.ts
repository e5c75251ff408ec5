import {
  createInternalReviewSchema,
  deleteInternalReviewSchema,
  internalReviewsFilterSchema,
  updateInternalReviewSchema,
} from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { validateInput } from '../../../platform/validation/validate-input';

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof AppError ? { message: error.message, fieldErrors: error.fieldErrors } : error,
  );
const valid = { title: ' Check ', reviewerId: 40, technicalReviewId: 3 };

describe('internal review inputs (contracts schemas)', () => {
  it('trims the title; no comment and no files by default', async () => {
    await expect(validateInput(createInternalReviewSchema, valid)).resolves.toEqual({
      title: 'Check',
      comment: null,
      reviewerId: 40,
      technicalReviewId: 3,
      files: [],
    });
  });

  it('requires the title and the internal reviewer (§5)', async () => {
    expect(
      await rejection(validateInput(createInternalReviewSchema, { ...valid, title: '  ', reviewerId: null })),
    ).toEqual({
      message: 'Title is required',
      fieldErrors: { title: 'Title is required', reviewerId: 'Internal reviewer is required' },
    });
    expect(
      await rejection(validateInput(updateInternalReviewSchema, { ...valid, id: 1, reviewerId: undefined })),
    ).toMatchObject({ message: 'Internal reviewer is required' });
  });

  it('reads files as a JSON list of file ids (or of objects with an id), empty when absent or blank', async () => {
    const files = async (value: unknown) =>
      (await validateInput(createInternalReviewSchema, { ...valid, files: value })).files;
    expect(await files('["a","b"]')).toEqual(['a', 'b']);
    expect(await files('[{"id":"a"},{"id":"b","caption":"x"}]')).toEqual(['a', 'b']);
    expect(await files(null)).toEqual([]);
    expect(await files('')).toEqual([]);
    expect(await files('[]')).toEqual([]);
  });

  it('refuses files that are not a JSON list, more than 5 or the same file twice (§5)', async () => {
    const problem = async (value: unknown) =>
      (
        (await rejection(validateInput(createInternalReviewSchema, { ...valid, files: value }))) as {
          message: string;
        } | null
      )?.message;
    expect(await problem('not json')).toBe('Files must be a JSON list of file ids');
    expect(await problem('{"id":"a"}')).toBe('Files must be a JSON list of file ids');
    expect(await problem(JSON.stringify(['a', 'b', 'c', 'd', 'e', 'f']))).toBe(
      'You can upload at most 5 file(s)',
    );
    expect(await problem('["a","a"]')).toBe('Each file can be attached once');
  });

  it('limits the comment to 6000 characters', async () => {
    expect(
      await rejection(validateInput(createInternalReviewSchema, { ...valid, comment: 'x'.repeat(6001) })),
    ).toMatchObject({ message: 'Comment must be at most 6000 characters' });
    await expect(
      validateInput(createInternalReviewSchema, { ...valid, comment: 'x'.repeat(6000) }),
    ).resolves.toBeTruthy();
  });

  it('needs positive ids on delete; the filter is optional', async () => {
    expect(
      await rejection(validateInput(deleteInternalReviewSchema, { id: 0, technicalReviewId: 3 })),
    ).toMatchObject({ message: 'Internal review is required' });
    await expect(validateInput(internalReviewsFilterSchema, {})).resolves.toEqual({});
    await expect(validateInput(internalReviewsFilterSchema, { technicalReviewId: 3 })).resolves.toEqual({
      technicalReviewId: 3,
    });
  });
});
