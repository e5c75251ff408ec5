import { Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DataType } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../settings/settings';
import { answerText, isAnsweredField } from './answer-text';
import type { QuestionaryStepData } from './types';

export interface SummaryRow {
  key: string;
  question: string;
  answer: string;
}

export interface AnswersSummaryProps {
  steps: QuestionaryStepData[];
  /** the rows that stand for the step's *_BASIS question (e.g. a proposal's title, abstract and people) */
  basisRows?: SummaryRow[];
}

function hasBasis(step: QuestionaryStepData): boolean {
  return step.fields.some((f) => f.question.dataType === DataType.PROPOSAL_BASIS);
}

/**
 * Every answered question per enabled step, as the proposal's review step shows it (the portal's final step and
 * the console's review modal render the same summary).
 */
export function AnswersSummary({ steps, basisRows = [] }: AnswersSummaryProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const helpers = {
    t: (key: string, options?: Record<string, unknown>) => t(key, options),
    date: dates.date,
    dateTime: dates.dateTime,
  };
  return (
    <Stack spacing={3}>
      {steps
        .filter((step) => step.topic.isEnabled)
        .map((step) => {
          const rows: SummaryRow[] = hasBasis(step) ? [...basisRows] : [];
          for (const field of step.fields) {
            if (!isAnsweredField(field)) continue;
            rows.push({
              key: field.question.id,
              question: field.question.question,
              answer: answerText(field, helpers),
            });
          }
          return (
            <Paper key={step.topic.id} variant="outlined" sx={{ p: 2 }}>
              <Typography component="h3" variant="subtitle1" gutterBottom>
                {step.topic.title}
              </Typography>
              {rows.length === 0 ? (
                <Typography color="text.secondary">{t('proposals.review.notAnswered')}</Typography>
              ) : (
                <Table size="small" aria-label={step.topic.title}>
                  <TableHead>
                    <TableRow>
                      <TableCell component="th" scope="col" sx={{ width: '35%' }}>
                        {t('proposals.review.question')}
                      </TableCell>
                      <TableCell component="th" scope="col">
                        {t('proposals.review.answer')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.key}>
                        <TableCell component="th" scope="row">
                          {row.question}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                          {row.answer}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Paper>
          );
        })}
    </Stack>
  );
}
