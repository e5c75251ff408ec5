import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Grid,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import PostAdd from '@mui/icons-material/PostAdd';
import { QUESTION_TYPES, type DataType, type TemplateCategoryId } from '@user-office/contracts';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import { Title, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TemplateGroupId } from '../../../gql/graphql';
import { editorCommands } from './editor-commands';
import { QuestionBank } from './QuestionBank';
import { QuestionDrawer } from './QuestionDrawer';
import { StepPreview } from './StepPreview';
import {
  dropTarget,
  placedQuestions,
  topicDropId,
  type TemplateDetail,
  type TemplateField,
} from './template-model';
import { TopicColumn } from './TopicColumn';

/** The data types a new question may have: every registered type that is not a *_BASIS (read from the registry). */
export const creatableDataTypes = (): DataType[] =>
  (Object.keys(QUESTION_TYPES) as DataType[]).filter((type) => !QUESTION_TYPES[type].isBasis).sort();

/**
 * /console/QuestionaryEditor/{templateId} (§2): topics as columns (add, rename, delete, reorder, enable), questions
 * placed by drag and drop within and across topics (@dnd-kit, keyboard-operable), the question bank, "create
 * question" by data type, each question's registry-generated config form and dependencies, and a live preview of
 * the selected topic. Every change is one command; the template reloads from the server after it.
 */
export function QuestionaryEditor() {
  const { t } = useTranslation();
  const notify = useNotify();
  const templateId = Number(useParams().templateId);
  const [template, setTemplate] = useState<TemplateDetail | null | undefined>(undefined);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [selectedTopic, setSelectedTopic] = useState<number | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [bankOpen, setBankOpen] = useState(false);
  const [typeMenu, setTypeMenu] = useState<HTMLElement | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  const reload = useCallback(async () => {
    const loaded = await editorCommands.load(templateId);
    setTemplate(loaded ?? null);
    if (loaded) setActiveId(await editorCommands.activeTemplateId(loaded.groupId));
  }, [templateId]);

  useEffect(() => {
    reload().catch((e: Error) => {
      notify(e.message, { type: 'error' });
      setTemplate(null);
    });
  }, [reload, notify]);

  const run = useCallback(
    async (command: () => Promise<unknown>) => {
      try {
        await command();
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
      }
      await reload().catch(() => undefined);
    },
    [notify, reload],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const placed = useMemo(() => (template ? placedQuestions(template) : []), [template]);
  const questionText = useCallback(
    (id: string | number | undefined) =>
      placed.find((p) => p.questionId === id)?.question ?? String(id ?? ''),
    [placed],
  );
  const targetText = useCallback(
    (id: string | number | undefined) => {
      const topic = template?.steps.find((s) => topicDropId(s.topic.id) === id)?.topic.title;
      return topic ?? questionText(id);
    },
    [template, questionText],
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('console.editors.editor.dnd.picked', { question: questionText(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('console.editors.editor.dnd.over', {
            question: questionText(active.id),
            target: targetText(over.id),
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('console.editors.editor.dnd.dropped', {
            question: questionText(active.id),
            target: targetText(over.id),
          })
        : undefined,
    onDragCancel: ({ active }) =>
      t('console.editors.editor.dnd.cancelled', { question: questionText(active.id) }),
  };

  if (template === undefined) {
    return (
      <Box sx={{ p: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (template === null) return <Alert severity="error">{t('console.editors.editor.notFound')}</Alert>;

  const steps = template.steps;
  const topicId = steps.some((s) => s.topic.id === selectedTopic)
    ? (selectedTopic as number)
    : steps[0]?.topic.id;
  const selectedStep = steps.find((s) => s.topic.id === topicId);
  const editingField = steps.flatMap((s) => s.fields).find((f) => f.question.id === editing);
  const isActive = activeId === template.templateId;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const target = dropTarget(template, String(active.id), String(over.id));
    if (!target) return;
    const from = steps.find((s) => s.fields.some((f) => f.question.id === active.id));
    const fromIndex = from?.fields.findIndex((f) => f.question.id === active.id);
    if (from?.topic.id === target.topicId && fromIndex === target.sortOrder) return;
    void run(() =>
      editorCommands.move(template.templateId, target.topicId, String(active.id), target.sortOrder),
    );
  };

  const moveTopic = (index: number, delta: -1 | 1) => {
    const order = steps.map((s) => s.topic.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + delta, 0, moved);
    void run(() => editorCommands.reorderTopics(order));
  };

  const createQuestion = async (dataType: DataType) => {
    setTypeMenu(null);
    if (topicId === undefined) return;
    await run(async () => {
      const question = await editorCommands.createQuestion(
        template.group.categoryId as TemplateCategoryId,
        dataType,
      );
      if (!question) return;
      const count = steps.find((s) => s.topic.id === topicId)?.fields.length ?? 0;
      await editorCommands.place(template.templateId, topicId, question.id, count);
      setEditing(question.id);
    });
  };

  const removeQuestion = (field: TemplateField) =>
    void confirm(
      t('console.editors.editor.removeQuestion', { question: field.question.question }) + '?',
    ).then(
      async (yes) => yes && void run(() => editorCommands.remove(template.templateId, field.question.id)),
    );

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`${t('console.editors.editor.title')}: ${template.name}`} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1">
            {template.name}{' '}
            {isActive ? (
              <Chip size="small" color="success" label={t('console.editors.editor.active')} />
            ) : null}
            {template.isArchived ? <Chip size="small" label={t('console.editors.editor.archived')} /> : null}
          </Typography>
          {template.description ? (
            <Typography variant="body2" color="text.secondary">
              {template.description}
            </Typography>
          ) : null}
        </Box>
        <Button
          startIcon={<Add />}
          onClick={() => void run(() => editorCommands.createTopic(template.templateId, steps.length))}
        >
          {t('console.editors.editor.addTopic')}
        </Button>
        <Button
          startIcon={<CheckCircle />}
          disabled={isActive || template.isArchived}
          onClick={() =>
            void run(async () => {
              await editorCommands.setActive(template.groupId as TemplateGroupId, template.templateId);
              notify(t('console.editors.editor.activated'), { type: 'success' });
            })
          }
        >
          {t('console.editors.editor.markActive')}
        </Button>
        <Button startIcon={<LibraryBooks />} onClick={() => setBankOpen(true)}>
          {t('console.editors.editor.questionBank')}
        </Button>
        <Button
          startIcon={<PostAdd />}
          variant="contained"
          aria-haspopup="menu"
          aria-controls={typeMenu ? 'create-question-menu' : undefined}
          onClick={(e) => setTypeMenu(e.currentTarget)}
        >
          {t('console.editors.editor.createQuestion')}
        </Button>
        <Menu
          id="create-question-menu"
          anchorEl={typeMenu}
          open={Boolean(typeMenu)}
          onClose={() => setTypeMenu(null)}
        >
          {creatableDataTypes().map((type) => (
            <MenuItem key={type} onClick={() => void createQuestion(type)}>
              {type}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCorners}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('console.editors.editor.dnd.instructions') },
            }}
          >
            <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}>
              {steps.map((step, index) => (
                <TopicColumn
                  key={step.topic.id}
                  step={step}
                  index={index}
                  count={steps.length}
                  selected={step.topic.id === topicId}
                  onSelect={() => setSelectedTopic(step.topic.id)}
                  onRename={(title) => void run(() => editorCommands.renameTopic(step.topic.id, title))}
                  onEnable={(enabled) => void run(() => editorCommands.enableTopic(step.topic.id, enabled))}
                  onDelete={() =>
                    void confirm(
                      t('console.editors.editor.deleteTopicConfirm', { title: step.topic.title }),
                    ).then(async (yes) => yes && void run(() => editorCommands.deleteTopic(step.topic.id)))
                  }
                  onMove={(delta) => moveTopic(index, delta)}
                  onEditQuestion={(field) => setEditing(field.question.id)}
                  onRemoveQuestion={removeQuestion}
                />
              ))}
            </Stack>
          </DndContext>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <StepPreview template={template} step={selectedStep} />
        </Grid>
      </Grid>
      {bankOpen && topicId !== undefined ? (
        <QuestionBank
          template={template}
          topicId={topicId}
          onTopicChange={setSelectedTopic}
          onClose={() => setBankOpen(false)}
          onAdd={(questionId) =>
            void run(() =>
              editorCommands.place(
                template.templateId,
                topicId,
                questionId,
                selectedStep?.fields.length ?? 0,
              ),
            )
          }
        />
      ) : null}
      {editingField ? (
        <QuestionDrawer
          key={editingField.question.id}
          templateId={template.templateId}
          field={editingField}
          placed={placed}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            notify(t('console.editors.editor.saved'), { type: 'success' });
            await reload();
          }}
        />
      ) : null}
      {confirmDialog}
    </Box>
  );
}
