import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import LinkIcon from '@mui/icons-material/Link';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTranslation } from 'react-i18next';

/** An address the editor may link to or show as an image: http(s) only (and mailto for links). */
export function isAllowedUrl(url: string, kind: 'link' | 'image'): boolean {
  const pattern = kind === 'link' ? /^(?:https?:\/\/\S+|mailto:\S+)$/i : /^https?:\/\/\S+$/i;
  return pattern.test(url.trim());
}

function ToolbarButton({
  label,
  icon,
  pressed,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  /** a toggle's state (aria-pressed); undefined for plain actions */
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const button = (
    <IconButton
      size="small"
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      color={pressed ? 'primary' : 'default'}
      // keep the editor's focus and selection while clicking
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      sx={pressed ? { bgcolor: 'action.selected' } : undefined}
    >
      {icon}
    </IconButton>
  );
  // a disabled button does not fire the events the tooltip needs
  return disabled ? (
    button
  ) : (
    <Tooltip title={label} disableInteractive>
      {button}
    </Tooltip>
  );
}

type DialogKind = 'link' | 'image';

/** Asks for a link's or an image's address (and an image's description). */
function UrlDialog({
  kind,
  initialUrl,
  onClose,
  onApply,
  onRemove,
}: {
  kind: DialogKind;
  initialUrl: string;
  onClose: () => void;
  onApply: (url: string, alt: string) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl);
  const [alt, setAlt] = useState('');
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    if (!isAllowedUrl(url, kind)) {
      setInvalid(true);
      return;
    }
    onApply(url.trim(), alt.trim());
  };
  const title = t(kind === 'link' ? 'questionInputs.richText.link' : 'questionInputs.richText.image');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            apply();
          }}
        >
          <TextField
            autoFocus
            fullWidth
            type="url"
            label={t(
              kind === 'link' ? 'questionInputs.richText.linkUrl' : 'questionInputs.richText.imageUrl',
            )}
            value={url}
            error={invalid}
            helperText={invalid ? t('questionInputs.richText.invalidUrl') : undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              setInvalid(false);
            }}
          />
          {kind === 'image' ? (
            <TextField
              fullWidth
              label={t('questionInputs.richText.imageAlt')}
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
            />
          ) : null}
          {/* Enter submits the small form */}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        {onRemove ? (
          <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
            {t('questionInputs.richText.removeLink')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('questionInputs.richText.cancel')}</Button>
        <Button variant="contained" onClick={apply}>
          {t('questionInputs.richText.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The rich text editor's toolbar: bold, italic, bulleted and numbered lists, link, image (only when images are
 * allowed), undo and redo. Toggles report their state with aria-pressed.
 */
export function RichTextToolbar({
  editor,
  disabled,
  allowImages,
  controls,
}: {
  editor: Editor;
  disabled: boolean;
  allowImages: boolean;
  /** the id of the editable area */
  controls: string;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const label = (key: string) => t(`questionInputs.richText.${key}`);

  return (
    <>
      <Box
        role="toolbar"
        aria-label={label('toolbar')}
        aria-controls={controls}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.25 }}
      >
        <ToolbarButton
          label={label('bold')}
          icon={<FormatBoldIcon fontSize="small" />}
          pressed={state.bold}
          disabled={disabled}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolbarButton
          label={label('italic')}
          icon={<FormatItalicIcon fontSize="small" />}
          pressed={state.italic}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        />
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolbarButton
          label={label('bulletList')}
          icon={<FormatListBulletedIcon fontSize="small" />}
          pressed={state.bulletList}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolbarButton
          label={label('orderedList')}
          icon={<FormatListNumberedIcon fontSize="small" />}
          pressed={state.orderedList}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolbarButton
          label={label('link')}
          icon={<LinkIcon fontSize="small" />}
          pressed={state.link}
          disabled={disabled}
          onClick={() => setDialog('link')}
        />
        {allowImages ? (
          <ToolbarButton
            label={label('image')}
            icon={<ImageIcon fontSize="small" />}
            disabled={disabled}
            onClick={() => setDialog('image')}
          />
        ) : null}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolbarButton
          label={label('undo')}
          icon={<UndoIcon fontSize="small" />}
          disabled={disabled || !state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolbarButton
          label={label('redo')}
          icon={<RedoIcon fontSize="small" />}
          disabled={disabled || !state.canRedo}
          onClick={() => chain().redo().run()}
        />
      </Box>
      {dialog === 'link' ? (
        <UrlDialog
          kind="link"
          initialUrl={state.href}
          onClose={() => setDialog(null)}
          onRemove={
            state.link
              ? () => {
                  chain().extendMarkRange('link').unsetLink().run();
                  setDialog(null);
                }
              : undefined
          }
          onApply={(url) => {
            if (editor.state.selection.empty && !editor.isActive('link')) {
              // nothing selected: the address becomes the linked text
              chain()
                .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
                .run();
            } else chain().extendMarkRange('link').setLink({ href: url }).run();
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'image' ? (
        <UrlDialog
          kind="image"
          initialUrl=""
          onClose={() => setDialog(null)}
          onApply={(url, alt) => {
            chain()
              .setImage({ src: url, alt: alt || undefined })
              .run();
            setDialog(null);
          }}
        />
      ) : null}
    </>
  );
}
