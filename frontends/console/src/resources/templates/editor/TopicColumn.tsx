import { useState } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Box,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import { QUESTION_TYPES, type DataType } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import { topicDropId, type TemplateDetail, type TemplateField } from './template-model';

type Step = TemplateDetail['steps'][number];

export interface TopicColumnProps {
  step: Step;
  index: number;
  count: number;
  selected: boolean;
  onSelect(): void;
  onRename(title: string): void;
  onEnable(enabled: boolean): void;
  onDelete(): void;
  onMove(delta: -1 | 1): void;
  onEditQuestion(field: TemplateField): void;
  onRemoveQuestion(field: TemplateField): void;
}

function QuestionCard({
  field,
  onEdit,
  onRemove,
}: {
  field: TemplateField;
  onEdit(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: field.question.id,
    });
  const isBasis = QUESTION_TYPES[field.question.dataType as DataType]?.isBasis ?? false;
  const question = field.question.question;
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      data-testid={`question-card-${field.question.naturalKey}`}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        bgcolor: 'background.paper',
      }}
    >
      <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            aria-label={t('console.editors.editor.dragHandle', { question })}
            sx={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <DragIndicator fontSize="small" />
          </IconButton>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {question}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {field.question.naturalKey} · {field.question.dataType}
            </Typography>
            {field.dependencies.length > 0 ? (
              <Chip
                size="small"
                icon={<LinkIcon />}
                sx={{
                  mt: 0.5,
                  maxWidth: '100%',
                  height: 'auto',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                }}
                label={t('console.editors.editor.dependsOn', {
                  conditions: field.dependencies
                    .map(
                      (d) =>
                        `${d.dependencyNaturalKey} ${d.condition.condition === 'eq' ? '=' : '≠'} ${JSON.stringify(d.condition.params)}`,
                    )
                    .join(field.dependenciesOperator === 'OR' ? ' OR ' : ' AND '),
                })}
              />
            ) : null}
          </Box>
          <Stack>
            <Tooltip title={t('console.editors.editor.editQuestion', { question })}>
              <IconButton
                size="small"
                aria-label={t('console.editors.editor.editQuestion', { question })}
                onClick={onEdit}
              >
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
            {isBasis ? null : (
              <Tooltip title={t('console.editors.editor.removeQuestion', { question })}>
                <IconButton
                  size="small"
                  aria-label={t('console.editors.editor.removeQuestion', { question })}
                  onClick={onRemove}
                >
                  <RemoveCircleOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One topic (wizard step) as a column: its title, enabled switch, order, delete, and its questions to drag. */
export function TopicColumn(props: TopicColumnProps) {
  const { step, index, count, selected } = props;
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: topicDropId(step.topic.id) });
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(step.topic.title);
  const topicTitle = step.topic.title;
  const commit = () => {
    setEditing(false);
    if (title.trim() && title.trim() !== topicTitle) props.onRename(title.trim());
    else setTitle(topicTitle);
  };
  return (
    <Paper
      component="section"
      aria-label={topicTitle}
      variant="outlined"
      data-testid={`topic-${index}`}
      onClick={props.onSelect}
      sx={{
        width: 300,
        flexShrink: 0,
        p: 1,
        bgcolor: selected ? 'action.selected' : 'grey.50',
        borderColor: selected ? 'primary.main' : undefined,
        opacity: step.topic.isEnabled ? 1 : 0.7,
      }}
    >
      <Stack spacing={1}>
        {editing ? (
          <TextField
            size="small"
            autoFocus
            label={t('console.editors.editor.topicTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
              if (e.key === 'Escape') {
                setTitle(topicTitle);
                setEditing(false);
              }
            }}
          />
        ) : (
          <Stack direction="row" sx={{ alignItems: 'center' }} spacing={0.5}>
            <Typography
              variant="subtitle1"
              component="h2"
              sx={{ flex: 1, fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {topicTitle}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('console.editors.editor.renameTopic', { title: topicTitle })}
              onClick={() => setEditing(true)}
            >
              <Edit fontSize="small" />
            </IconButton>
          </Stack>
        )}
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <FormControlLabel
            sx={{ flex: 1 }}
            control={
              <Switch
                size="small"
                checked={step.topic.isEnabled}
                onChange={(e) => props.onEnable(e.target.checked)}
                slotProps={{
                  input: { 'aria-label': t('console.editors.editor.enableTopic', { title: topicTitle }) },
                }}
              />
            }
            label={<Typography variant="caption">{t('console.editors.editor.enabled')}</Typography>}
          />
          <IconButton
            size="small"
            disabled={index === 0}
            aria-label={t('console.editors.editor.moveTopicLeft', { title: topicTitle })}
            onClick={() => props.onMove(-1)}
          >
            <ChevronLeft fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            disabled={index === count - 1}
            aria-label={t('console.editors.editor.moveTopicRight', { title: topicTitle })}
            onClick={() => props.onMove(1)}
          >
            <ChevronRight fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            disabled={count <= 1}
            aria-label={t('console.editors.editor.deleteTopic', { title: topicTitle })}
            onClick={props.onDelete}
          >
            <Delete fontSize="small" />
          </IconButton>
        </Stack>
        <SortableContext items={step.fields.map((f) => f.question.id)} strategy={verticalListSortingStrategy}>
          <Stack
            ref={setNodeRef}
            spacing={1}
            sx={{
              minHeight: 80,
              p: 0.5,
              borderRadius: 1,
              border: '1px dashed',
              borderColor: isOver ? 'primary.main' : 'divider',
            }}
          >
            {step.fields.map((field) => (
              <QuestionCard
                key={field.question.id}
                field={field}
                onEdit={() => props.onEditQuestion(field)}
                onRemove={() => props.onRemoveQuestion(field)}
              />
            ))}
            {step.fields.length === 0 ? (
              <Typography variant="caption" color="text.secondary" sx={{ p: 1 }}>
                {t('console.editors.editor.emptyTopic')}
              </Typography>
            ) : null}
          </Stack>
        </SortableContext>
      </Stack>
    </Paper>
  );
}
