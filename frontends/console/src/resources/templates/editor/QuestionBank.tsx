import { useState } from 'react';
import {
  Box,
  Drawer,
  FormControl,
  IconButton,
  InputLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { TemplateDetail } from './template-model';

export interface QuestionBankProps {
  template: TemplateDetail;
  topicId: number;
  onTopicChange(topicId: number): void;
  onAdd(questionId: string): void;
  onClose(): void;
}

/** The question bank: questions of the template's category not on it (complementaryQuestions), added to a topic. */
export function QuestionBank({ template, topicId, onTopicChange, onAdd, onClose }: QuestionBankProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const questions = template.complementaryQuestions.filter(
    (question) =>
      !q || `${question.question} ${question.naturalKey} ${question.dataType}`.toLowerCase().includes(q),
  );
  const topic = template.steps.find((s) => s.topic.id === topicId)?.topic.title ?? '';
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { 'aria-labelledby': 'question-bank-title', sx: { width: { xs: '100%', md: 420 } } },
      }}
    >
      <Box sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography id="question-bank-title" variant="h6" component="h2">
            {t('console.editors.editor.questionBank')}
          </Typography>
          <FormControl size="small">
            <InputLabel id="bank-topic">{t('console.editors.editor.targetTopic')}</InputLabel>
            <Select
              labelId="bank-topic"
              label={t('console.editors.editor.targetTopic')}
              value={topicId}
              onChange={(e) => onTopicChange(Number(e.target.value))}
            >
              {template.steps.map((s) => (
                <MenuItem key={s.topic.id} value={s.topic.id}>
                  {s.topic.title}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            size="small"
            label={t('console.editors.editor.bankSearch')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {questions.length === 0 ? (
            <Typography variant="body2">{t('console.editors.editor.bankEmpty')}</Typography>
          ) : (
            <List dense>
              {questions.map((question) => (
                <ListItem
                  key={question.id}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('console.editors.editor.addToTopic', {
                        question: question.question,
                        topic,
                      })}
                      onClick={() => onAdd(question.id)}
                    >
                      <Add />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={question.question}
                    secondary={`${question.naturalKey} · ${question.dataType}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </Box>
    </Drawer>
  );
}
