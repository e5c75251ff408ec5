import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Grid,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import Preview from '@mui/icons-material/Preview';
import Save from '@mui/icons-material/Save';
import { parseDummyData, templateMessages } from '@user-office/contracts';
import { ApiError } from '@user-office/frontend-shared/graphql-client';
import { Title, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CodeEditor } from './CodeEditor';
import { pdfEditorCommands, type PdfTemplateTexts } from './pdf-editor-commands';

/** The tabs, in order: the Handlebars parts (HTML), then the dummy data (JSON). */
export const PDF_PARTS = [
  'templateData',
  'templateHeader',
  'templateFooter',
  'templateSampleDeclaration',
  'dummyData',
] as const satisfies readonly (keyof PdfTemplateTexts)[];
type Part = (typeof PDF_PARTS)[number];

const textsOf = (pdf: PdfTemplateTexts): PdfTemplateTexts => ({
  templateData: pdf.templateData,
  templateHeader: pdf.templateHeader,
  templateFooter: pdf.templateFooter,
  templateSampleDeclaration: pdf.templateSampleDeclaration,
  dummyData: pdf.dummyData,
});

const sameTexts = (a: PdfTemplateTexts, b: PdfTemplateTexts) =>
  PDF_PARTS.every((part) => a[part] === b[part]);

interface Loaded {
  name: string;
  saved: PdfTemplateTexts;
}

interface PreviewState {
  url: string | null;
  error: string | null;
  busy: boolean;
}

/**
 * /console/PdfTemplateEditor/{templateId} (§2): a PDF template's parts (§3 PDF template) — the template (the body),
 * header, footer and sample declaration in Handlebars, and the dummy data in JSON — each in a code editor with
 * syntax highlighting; Save (updatePdfTemplate) and Preview: the api prints the unsaved texts with the dummy data
 * through the proposals' own Handlebars and Chromium, and the PDF is shown in the page. Dummy data that is not a
 * JSON object is flagged here and never sent.
 */
export function PdfTemplateEditor() {
  const { t } = useTranslation();
  const notify = useNotify();
  const templateId = Number(useParams().templateId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [texts, setTexts] = useState<PdfTemplateTexts | null>(null);
  const [tab, setTab] = useState<Part>('templateData');
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<PreviewState>({ url: null, error: null, busy: false });
  const [partErrors, setPartErrors] = useState<Partial<Record<Part, string>>>({});
  const previewUrl = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    pdfEditorCommands
      .load(templateId)
      .then((data) => {
        if (cancelled) return;
        if (!data.getTemplate) setLoadError(templateMessages.templateNotFound);
        else if (!data.getPdfTemplate) setLoadError(templateMessages.notPdfTemplate);
        else {
          const saved = textsOf(data.getPdfTemplate);
          setLoaded({ name: data.getTemplate.name, saved });
          setTexts(saved);
        }
      })
      .catch((e: Error) => !cancelled && setLoadError(e.message));
    return () => {
      cancelled = true;
    };
  }, [templateId]);

  // the object URL of the shown PDF lives until the next preview or the page closes
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const dummyDataError = useMemo(() => {
    if (!texts) return null;
    const parsed = parseDummyData(texts.dummyData);
    return parsed.ok ? null : parsed.message;
  }, [texts]);

  const edit = useCallback((part: Part, value: string) => {
    setTexts((current) => (current ? { ...current, [part]: value } : current));
    setPartErrors((current) => ({ ...current, [part]: undefined }));
  }, []);

  /** Refuses invalid dummy data before any call: its tab is shown with the message. */
  const dummyDataOk = () => {
    if (!dummyDataError) return true;
    setTab('dummyData');
    notify(dummyDataError, { type: 'error' });
    return false;
  };

  const save = async () => {
    if (!texts || !dummyDataOk()) return;
    setSaving(true);
    try {
      const saved = await pdfEditorCommands.save(templateId, texts);
      setLoaded((current) => (current && saved ? { ...current, saved: textsOf(saved) } : current));
      notify(t('success.saved'), { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const showPreview = async () => {
    if (!texts || !dummyDataOk()) return;
    setPreview((current) => ({ ...current, busy: true, error: null }));
    setPartErrors({});
    try {
      const pdf = await pdfEditorCommands.preview(texts);
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
      previewUrl.current = URL.createObjectURL(pdf);
      setPreview({ url: previewUrl.current, error: null, busy: false });
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fieldErrors : {};
      const failing = PDF_PARTS.find((part) => fieldErrors[part]);
      // a part the server could not render: its message on its tab, else in the preview pane
      if (failing) {
        setPartErrors({ [failing]: (e as Error).message });
        setTab(failing);
      }
      setPreview((current) => ({ ...current, busy: false, error: failing ? null : (e as Error).message }));
    }
  };

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!loaded || !texts)
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('console.editors.pdf.loading')} />
      </Box>
    );

  const dirty = !sameTexts(texts, loaded.saved);
  const errorOf = (part: Part) => (part === 'dummyData' ? dummyDataError : null) ?? partErrors[part] ?? null;
  const errorId = `pdf-part-error-${tab}`;
  const tabError = errorOf(tab);

  return (
    <Box sx={{ p: 2 }}>
      <Title title={`${t('console.editors.pdf.title')}: ${loaded.name}`} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {dirty ? <Chip size="small" color="warning" label={t('console.editors.pdf.unsaved')} /> : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<Preview />}
          onClick={() => void showPreview()}
          disabled={preview.busy}
        >
          {t('console.editors.pdf.preview')}
        </Button>
        <Button
          variant="contained"
          startIcon={<Save />}
          onClick={() => void save()}
          disabled={saving || !dirty}
        >
          {t('console.editors.save')}
        </Button>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Paper variant="outlined">
            <Tabs
              value={tab}
              onChange={(_, value: Part) => setTab(value)}
              aria-label={t('console.editors.pdf.parts')}
              variant="scrollable"
              scrollButtons="auto"
            >
              {PDF_PARTS.map((part) => (
                <Tab
                  key={part}
                  value={part}
                  id={`pdf-tab-${part}`}
                  aria-controls={`pdf-panel-${part}`}
                  label={
                    errorOf(part)
                      ? `${t(`console.editors.pdf.tabs.${part}`)} ⚠`
                      : t(`console.editors.pdf.tabs.${part}`)
                  }
                  sx={errorOf(part) ? { color: 'error.main' } : undefined}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`pdf-panel-${tab}`} aria-labelledby={`pdf-tab-${tab}`}>
              <Typography variant="body2" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
                {t(`console.editors.pdf.help.${tab}`)}
              </Typography>
              {tabError ? (
                <Alert severity="error" id={errorId} sx={{ mx: 2, my: 1, whiteSpace: 'pre-wrap' }}>
                  {tabError}
                </Alert>
              ) : null}
              <Box sx={{ borderTop: 1, borderColor: 'divider', mt: 1 }}>
                <CodeEditor
                  key={tab}
                  language={tab === 'dummyData' ? 'json' : 'html'}
                  value={texts[tab]}
                  onChange={(value) => edit(tab, value)}
                  label={t(`console.editors.pdf.editorLabel.${tab === 'dummyData' ? 'json' : 'handlebars'}`, {
                    part: t(`console.editors.pdf.tabs.${tab}`),
                  })}
                  describedBy={tabError ? errorId : undefined}
                />
              </Box>
            </Box>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Paper variant="outlined" sx={{ p: 1, height: '100%', minHeight: 400 }}>
            <Typography variant="h6" component="h2" sx={{ px: 1 }}>
              {t('console.editors.pdf.previewTitle')}
            </Typography>
            {preview.error ? (
              <Alert severity="error" sx={{ m: 1, whiteSpace: 'pre-wrap' }} role="alert">
                {preview.error}
              </Alert>
            ) : null}
            {preview.busy ? (
              <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
                <CircularProgress aria-label={t('console.editors.pdf.printing')} />
              </Box>
            ) : null}
            {preview.url ? (
              <Box
                component="iframe"
                title={t('console.editors.pdf.previewTitle')}
                // Chromium's viewer: no thumbnails, the page as wide as the frame
                src={`${preview.url}#navpanes=0&view=FitH`}
                sx={{ width: '100%', height: '70vh', border: 0, display: 'block' }}
              />
            ) : (
              <Typography variant="body2" sx={{ p: 1, color: 'text.secondary' }}>
                {t('console.editors.pdf.previewEmpty')}
              </Typography>
            )}
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
