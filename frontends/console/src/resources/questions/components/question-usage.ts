import { QUESTION_TYPES, type DataType } from '@user-office/contracts';
import type { QuestionRow } from '../questions.operations';

/**
 * Why a question cannot be deleted, before asking the server (which refuses the same): a basis question, or one
 * placed on templates. Null when it may be deleted.
 */
export function deleteRefusalOf(
  row: Pick<QuestionRow, 'dataType' | 'templates'>,
): { reason: 'basis' } | { reason: 'placed'; templates: string } | null {
  if (QUESTION_TYPES[row.dataType as DataType]?.isBasis) return { reason: 'basis' };
  if (row.templates.length > 0)
    return { reason: 'placed', templates: row.templates.map((t) => t.name).join(', ') };
  return null;
}
