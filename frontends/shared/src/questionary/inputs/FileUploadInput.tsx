import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import {
  fileNameHasExtension,
  formatFileSize,
  questionTypeMessages,
  type FileAnswerItem,
  type FileUploadConfig,
} from '@user-office/contracts';
import { QuestionInputFilesMetadataDocument } from '../../gql/graphql';
import { request } from '../../api/graphql-client';
import type { QuestionInputProps } from '../types';
import {
  describedBy,
  configOf,
  QuestionHeading,
  QuestionTexts,
  questionIds,
  useQuestionField,
} from './common';
import { UploadError, uploadFile, type UploadedFileMetadata } from './upload-file';

/** What the file input's accept attribute says for each §5 file type. */
const ACCEPT: Readonly<Record<string, string>> = {
  '.pdf': '.pdf,application/pdf',
  '.doc': '.doc,application/msword',
  '.docx': '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  audio: 'audio/*',
  video: 'video/*',
  image: 'image/*',
};

export function acceptOf(fileTypes: readonly string[]): string | undefined {
  const accepted = fileTypes.map((type) => ACCEPT[type]).filter((value): value is string => Boolean(value));
  return accepted.length > 0 ? accepted.join(',') : undefined;
}

/** Whether a file is of one of the question's types: by extension for .pdf/.doc/.docx, by mime family otherwise. */
export function fileMatchesTypes(file: Pick<File, 'name' | 'type'>, fileTypes: readonly string[]): boolean {
  if (fileTypes.length === 0) return true;
  const name = file.name.toLowerCase();
  const mime = file.type.toLowerCase();
  return fileTypes.some((type) => (type.startsWith('.') ? name.endsWith(type) : mime.startsWith(`${type}/`)));
}

/** The §8 message refusing a file before it is sent, or null (zero bytes, no extension, wrong type). */
export function fileProblem(
  file: File,
  fileTypes: readonly string[],
): 'zeroBytes' | 'checkFile' | 'incorrectType' | null {
  if (file.size === 0) return 'zeroBytes';
  if (!fileNameHasExtension(file.name)) return 'checkFile';
  if (!fileMatchesTypes(file, fileTypes)) return 'incorrectType';
  return null;
}

interface PendingUpload {
  key: number;
  name: string;
  progress: number;
  abort(): void;
}

let nextUploadKey = 1;

/**
 * FILE_UPLOAD: uploads to `POST /files/upload` and lists the files (name, size) with remove (value: the list of
 * `{ id }` items, id = fileId). Accepted types from file_type, at most max_files (0: unlimited); the PDF page
 * limit is shown and checked by the api when the answer is saved.
 */
export function FileUploadInput({ field, name, readonly }: QuestionInputProps) {
  const { t } = useTranslation();
  const config = configOf<FileUploadConfig>(field);
  const ids = questionIds(name);
  const { value, error, commit } = useQuestionField<FileAnswerItem[] | null>(name);
  const files = Array.isArray(value) ? value : [];
  const latest = useRef(files);
  latest.current = files;
  const inputRef = useRef<HTMLInputElement>(null);
  const [metadata, setMetadata] = useState<Record<string, UploadedFileMetadata>>({});
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [message, setMessage] = useState<{ severity: 'error' | 'info'; text: string } | null>(null);

  // names and sizes of files saved before (those uploaded here are known already)
  const unknownIds = files.map((file) => file.id).filter((id) => !(id in metadata));
  const unknownKey = unknownIds.join(',');
  useEffect(() => {
    if (unknownKey === '') return;
    let current = true;
    request(QuestionInputFilesMetadataDocument, { fileIds: unknownKey.split(',') })
      .then((data) => {
        if (!current) return;
        setMetadata((known) => ({
          ...known,
          ...Object.fromEntries(data.getFilesMetadata.map((file) => [file.fileId, file])),
        }));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [unknownKey]);

  const limit = config.max_files > 0 ? config.max_files : null;
  const room = limit === null ? Number.POSITIVE_INFINITY : limit - files.length - pending.length;

  const start = (file: File) => {
    const key = nextUploadKey++;
    const running = uploadFile(file, (progress) =>
      setPending((list) => list.map((item) => (item.key === key ? { ...item, progress } : item))),
    );
    setPending((list) => [...list, { key, name: file.name, progress: 0, abort: running.abort }]);
    running.done
      .then((uploaded) => {
        setMetadata((known) => ({ ...known, [uploaded.fileId]: uploaded }));
        const next = [...latest.current, { id: uploaded.fileId }];
        latest.current = next;
        commit(next);
      })
      .catch((reason: unknown) => {
        if (reason instanceof UploadError && reason.kind === 'aborted') {
          setMessage({ severity: 'info', text: t('uploads.cancelled') });
        } else {
          const server = reason instanceof UploadError ? reason.serverMessage : null;
          setMessage({ severity: 'error', text: server ?? t('uploads.error') });
        }
      })
      .finally(() => setPending((list) => list.filter((item) => item.key !== key)));
  };

  const onFiles = (chosen: File[]) => {
    setMessage(null);
    let left = room;
    for (const file of chosen) {
      const problem = fileProblem(file, config.file_type);
      if (problem) {
        setMessage({ severity: 'error', text: t(`uploads.${problem}`) });
        continue;
      }
      if (left <= 0) {
        setMessage({ severity: 'error', text: questionTypeMessages.filesAtMost(limit ?? 0) });
        continue;
      }
      left -= 1;
      start(file);
    }
  };

  const remove = (id: string) => {
    const next = latest.current.filter((file) => file.id !== id);
    latest.current = next;
    commit(next);
  };

  const rules = [
    config.file_type.length > 0
      ? t('questionInputs.acceptedTypes', { types: config.file_type.join(', ') })
      : null,
    limit !== null ? t('questionInputs.maxFiles', { count: limit }) : null,
    config.pdf_page_limit > 0 && config.file_type.includes('.pdf')
      ? t('questionInputs.pdfPageLimit', { count: config.pdf_page_limit })
      : null,
  ].filter((rule): rule is string => rule !== null);
  const rulesId = `${ids.control}-rules`;
  const described = [describedBy(ids, config.small_label, error), rules.length > 0 ? rulesId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Box
      component="section"
      aria-labelledby={ids.label}
      aria-describedby={described || undefined}
      sx={{ mb: 2 }}
    >
      <QuestionHeading
        id={ids.label}
        text={field.question.question}
        required={config.required}
        tooltip={config.tooltip}
      />
      {rules.length > 0 ? (
        <Typography id={rulesId} variant="body2" color="text.secondary">
          {rules.join(' · ')}
        </Typography>
      ) : null}
      {files.length > 0 ? (
        <List dense aria-labelledby={ids.label}>
          {files.map((file) => {
            const meta = metadata[file.id];
            const fileName = meta?.originalFileName ?? file.id;
            return (
              <ListItem
                key={file.id}
                secondaryAction={
                  readonly ? null : (
                    <IconButton
                      edge="end"
                      aria-label={t('questionInputs.removeFile', { name: fileName })}
                      onClick={() => remove(file.id)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )
                }
              >
                <ListItemText primary={fileName} secondary={meta ? formatFileSize(meta.sizeInBytes) : null} />
              </ListItem>
            );
          })}
        </List>
      ) : null}
      {pending.map((upload) => (
        <Box key={upload.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2">{t('questionInputs.uploading', { name: upload.name })}</Typography>
            <LinearProgress
              variant="determinate"
              value={Math.round(upload.progress * 100)}
              aria-label={t('questionInputs.uploading', { name: upload.name })}
            />
          </Box>
          <Button size="small" onClick={() => upload.abort()}>
            {t('questionInputs.cancelUpload')}
          </Button>
        </Box>
      ))}
      {readonly ? null : (
        <>
          <input
            ref={inputRef}
            id={`${ids.control}-input`}
            type="file"
            hidden
            multiple={limit === null || limit - files.length > 1}
            accept={acceptOf(config.file_type)}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              event.target.value = '';
              onFiles(chosen);
            }}
          />
          <Button
            id={ids.control}
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={room <= 0}
            aria-labelledby={`${ids.control} ${ids.label}`}
            aria-describedby={described || undefined}
            onClick={() => inputRef.current?.click()}
          >
            {t('questionInputs.uploadFile')}
          </Button>
        </>
      )}
      {message ? (
        <Alert severity={message.severity} role="alert" sx={{ mt: 1 }}>
          {message.text}
        </Alert>
      ) : null}
      <QuestionTexts ids={ids} smallLabel={config.small_label} error={error} />
    </Box>
  );
}
