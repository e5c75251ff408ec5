import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, FormLabel } from '@mui/material';
import type { Editor, Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import {
  richTextHasExtraBlankLines,
  richTextPlainText,
  type RichTextInputConfig,
} from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import {
  configOf,
  describedBy,
  LabelText,
  QuestionTexts,
  questionIds,
  useQuestionField,
  WithTooltip,
} from './common';
import { RichTextToolbar } from './RichTextToolbar';

/** §9 "Editor | default height 300". */
export const RICH_TEXT_MIN_HEIGHT = 300;

/**
 * Three or more consecutive line breaks as one blank line (§5, on blur), on the editor's HTML: a run of blank
 * paragraphs becomes one empty paragraph, a run of three or more breaks two (what richTextHasExtraBlankLines finds).
 */
export function collapseBlankLines(html: string): string {
  return html
    .replace(/(?:<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>\s*){2,}/gi, '<p></p>')
    .replace(/(?:<br\s*\/?>\s*){3,}/gi, '<br><br>')
    .replace(/\n{3,}/g, '\n\n');
}

/**
 * The editor's content as the stored answer: its HTML without the empty paragraphs at its end (the one the editor
 * keeps after a list or an image included); '' when empty (not '<p></p>').
 */
export function editorValue(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
}

/**
 * The editor's extensions: the starter kit (paragraphs, bold, italic, lists, links, undo/redo, …) and, only when
 * the question allows images, images by address (no inline base64). Without the Image extension the schema has no
 * image node, so pasted or dropped images are dropped.
 */
export function richTextExtensions(allowImages: boolean): Extensions {
  const starter = StarterKit.configure({
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  });
  return allowImages ? [starter, Image.configure({ allowBase64: false, inline: false })] : [starter];
}

/**
 * RICH_TEXT_INPUT: a TipTap editor whose value is its HTML. The counter counts the text as the registry does (tags
 * removed) against max; the §5 blank-lines notice shows while the HTML has extra blank lines, which are collapsed on
 * blur. Images only when allowImages.
 */
export function RichTextInput(props: QuestionInputProps) {
  const config = configOf<RichTextInputConfig>(props.field);
  // the extensions are fixed when the editor is created: another allowImages is another editor
  return <RichTextEditor key={config.allowImages ? 'images' : 'text'} {...props} />;
}

function RichTextEditor({ field, name, readonly }: QuestionInputProps) {
  const { t } = useTranslation();
  const config = configOf<RichTextInputConfig>(field);
  const ids = questionIds(name);
  const { value, error, setValue, commit, touch } = useQuestionField<string | null>(name);
  const html = value ?? '';
  /** the value the editor holds: what it last produced, or the value last loaded into it */
  const held = useRef(html);
  // the content the editor is created with (later values are set by the effect below)
  const [initialContent] = useState(html);
  const length = richTextPlainText(html).length;
  const counterId = `${ids.control}-counter`;
  const noticeId = `${ids.control}-notice`;
  const extraBlankLines = richTextHasExtraBlankLines(html);
  const described = [
    describedBy(ids, config.small_label, error),
    counterId,
    extraBlankLines ? noticeId : null,
  ]
    .filter(Boolean)
    .join(' ');
  const extensions = useMemo(() => richTextExtensions(config.allowImages), [config.allowImages]);
  const attributes = useMemo(
    () => ({
      id: ids.control,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': ids.label,
      'aria-describedby': described,
      'aria-required': String(config.required),
      'aria-invalid': String(Boolean(error)),
      ...(readonly ? { 'aria-readonly': 'true' } : {}),
    }),
    [ids.control, ids.label, described, config.required, error, readonly],
  );
  const editorProps = useMemo(() => ({ attributes }), [attributes]);

  const editor = useEditor({
    extensions,
    content: initialContent,
    editable: !readonly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const next = editorValue(current);
      held.current = next;
      setValue(next);
    },
    onBlur: ({ editor: current }) => {
      const shown = current.getHTML();
      const collapsed = collapseBlankLines(shown);
      if (collapsed === shown) {
        touch();
        return;
      }
      current.commands.setContent(collapsed, { emitUpdate: false });
      const next = editorValue(current);
      held.current = next;
      commit(next);
    },
  });

  useEffect(() => {
    editor?.setEditable(!readonly, false);
  }, [editor, readonly]);

  useEffect(() => {
    // a value changed from outside (reset, reload) replaces the content
    if (!editor || html === held.current) return;
    held.current = html;
    editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  return (
    <Box sx={{ mb: 2 }}>
      <WithTooltip tooltip={config.tooltip}>
        <FormLabel
          id={ids.label}
          component="div"
          error={Boolean(error)}
          disabled={readonly}
          onClick={() => {
            if (!readonly) editor?.commands.focus();
          }}
          sx={{ mb: 0.5 }}
        >
          <LabelText text={field.question.question} required={config.required} />
        </FormLabel>
        <Box
          sx={{
            border: 1,
            borderColor: error ? 'error.main' : 'grey.400',
            borderRadius: 1,
            bgcolor: readonly ? 'action.hover' : 'background.paper',
            '&:hover': readonly || error ? undefined : { borderColor: 'text.primary' },
            '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
          }}
        >
          {editor ? (
            <RichTextToolbar
              editor={editor}
              disabled={readonly}
              allowImages={config.allowImages}
              controls={ids.control}
            />
          ) : null}
          <Box
            sx={{
              borderTop: 1,
              borderColor: 'divider',
              px: 1.5,
              typography: 'body1',
              color: readonly ? 'text.secondary' : 'text.primary',
              '& .ProseMirror': { minHeight: RICH_TEXT_MIN_HEIGHT, outline: 'none', py: 1 },
              '& .ProseMirror p': { my: 0.5 },
              '& .ProseMirror ul, & .ProseMirror ol': { my: 0.5, pl: 3 },
              '& .ProseMirror a': { color: 'primary.main' },
              '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
              '& .ProseMirror img.ProseMirror-selectednode': {
                outline: (theme) => `2px solid ${theme.palette.primary.main}`,
              },
            }}
          >
            <EditorContent editor={editor} />
          </Box>
        </Box>
      </WithTooltip>
      <Box id={counterId} sx={{ typography: 'caption', color: 'text.secondary', textAlign: 'right' }}>
        {config.max != null
          ? t('questionInputs.counterMax', { count: length, max: config.max })
          : t('questionInputs.counter', { count: length })}
      </Box>
      {extraBlankLines ? (
        <Alert id={noticeId} severity="info" sx={{ mt: 1 }}>
          {t('questionInputs.extraBlankLines')}
        </Alert>
      ) : null}
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
