import { Box, Typography } from '@mui/material';
import type { EmbellishmentConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { SafeHtml } from './SafeHtml';
import { configOf, questionIds } from './common';

/**
 * EMBELLISHMENT: content without an answer. The html is rendered through the allow-list sanitiser (question
 * configs are not sanitised by the api); without html the plain description is shown as text.
 */
export function EmbellishmentInput({ field, name }: QuestionInputProps) {
  const config = configOf<EmbellishmentConfig>(field);
  const ids = questionIds(name);
  return (
    <Box id={ids.control} sx={{ mb: 2 }}>
      {config.html.trim() !== '' ? (
        <SafeHtml html={config.html} />
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{config.plain}</Typography>
      )}
    </Box>
  );
}
