import { ValidationError } from 'yup';

import { DataType } from '../enums';
import { questionMessages } from '../validation/messages';
import { questionTypeMessages } from './messages';
import { questionFormSchema, type QuestionFormContext } from './question.schema';
import { questionType } from './registry';

async function errorsOf(
  dataType: DataType,
  form: object,
  context: QuestionFormContext = {},
): Promise<string[]> {
  try {
    await questionFormSchema(dataType).validate(form, { abortEarly: false, context });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

const form = (dataType: DataType, overrides: object = {}) => ({
  naturalKey: 'key_1',
  question: 'What?',
  config: questionType(dataType).defaultConfig(),
  ...overrides,
});

describe('question form', () => {
  it('accepts a valid question', async () => {
    expect(await errorsOf(DataType.TEXT_INPUT, form(DataType.TEXT_INPUT))).toEqual([]);
  });

  it.each<[object, string[]]>([
    [{ naturalKey: '' }, [questionMessages.naturalKeyEmpty]],
    [{ naturalKey: '  ' }, [questionMessages.naturalKeyEmpty, questionMessages.naturalKeyPattern]],
    [{ naturalKey: undefined }, [questionMessages.requiredField]],
    [{ naturalKey: null }, [questionMessages.requiredField]],
    [{ naturalKey: 'has-dash' }, [questionMessages.naturalKeyPattern]],
    [{ naturalKey: 'a'.repeat(129) }, [questionTypeMessages.naturalKeyMax]],
    [{ naturalKey: 'a'.repeat(128) }, []],
    [{ question: '' }, [questionMessages.questionRequired]],
    [{ question: 'q'.repeat(300) }, []],
  ])('text input %j → %j', async (overrides, expected) => {
    expect(await errorsOf(DataType.TEXT_INPUT, form(DataType.TEXT_INPUT, overrides))).toEqual(expected);
  });

  it('limits the question text of basis types to 256', async () => {
    for (const dataType of [DataType.PROPOSAL_BASIS, DataType.FAP_REVIEW_BASIS, DataType.SAMPLE_BASIS]) {
      expect(await errorsOf(dataType, form(dataType, { question: 'q'.repeat(257) }))).toEqual([
        questionMessages.questionMax,
      ]);
      expect(await errorsOf(dataType, form(dataType, { question: 'q'.repeat(256) }))).toEqual([]);
    }
  });

  it('checks uniqueness through the context, allowing the unchanged original key', async () => {
    const taken = new Set(['used_key', 'mine']);
    const isNaturalKeyTaken = async (key: string) => taken.has(key);
    expect(
      await errorsOf(DataType.BOOLEAN, form(DataType.BOOLEAN, { naturalKey: 'used_key' }), {
        isNaturalKeyTaken,
      }),
    ).toEqual([questionMessages.naturalKeyUsed]);
    expect(
      await errorsOf(DataType.BOOLEAN, form(DataType.BOOLEAN, { naturalKey: 'mine' }), {
        isNaturalKeyTaken: (key) => taken.has(key),
        originalKey: 'mine',
      }),
    ).toEqual([]);
    expect(
      await errorsOf(DataType.BOOLEAN, form(DataType.BOOLEAN, { naturalKey: 'free' }), { isNaturalKeyTaken }),
    ).toEqual([]);
  });

  it('validates the config of the data type', async () => {
    expect(
      await errorsOf(
        DataType.EMBELLISHMENT,
        form(DataType.EMBELLISHMENT, {
          config: { ...questionType(DataType.EMBELLISHMENT).defaultConfig(), plain: 'p' },
        }),
      ),
    ).toEqual([questionMessages.contentRequired]);
  });
});
