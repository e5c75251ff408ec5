import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Menu,
  MenuItem,
} from '@mui/material';
import GetApp from '@mui/icons-material/GetApp';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';

/**
 * A list of ids as the api's ranges (`3-7,9,12-14`): a selection of thousands of consecutive proposals stays a
 * short address (the XLSX downloads).
 */
export function idRanges(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join(',');
}

/** The download URLs of §7 for a set of proposals. */
export const downloadPaths = {
  /** the technique proposals' Excel export (officers, scientists of their techniques) */
  xlsxTechnique: (pks: readonly number[]) => `/download/xlsx/technique/${idRanges(pks)}`,
  pdf: (pks: readonly number[]) => `/download/pdf/proposal/${pks.join(',')}`,
  zip: (pks: readonly number[]) => `/download/zip/proposal/${pks.join(',')}`,
  attachments: (pks: readonly number[], questionIds: readonly string[]) =>
    `/download/zip/attachment/${pks.join(',')}?questionIds=${questionIds.map(encodeURIComponent).join(',')}`,
  /** a FAP's spreadsheet of one call (its chairs, secretaries and officers) */
  xlsxFap: (fapId: number, callId: number) => `/download/xlsx/fap/${fapId}/call/${callId}`,
  /** every panel's results of a call */
  xlsxCallFap: (callId: number) => `/download/xlsx/call_fap/${callId}`,
};

/** The question picker of the attachments download: the FILE_UPLOAD questions. */
function AttachmentsDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose(questionIds: string[] | null): void;
}) {
  const { t } = useTranslation();
  const { data: questions = [] } = useGetList(
    'Questions',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { category: 'PROPOSAL', dataType: ['FILE_UPLOAD'] },
    },
    { enabled: open },
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={open} onClose={() => onClose(null)} aria-labelledby="attachments-title">
      <DialogTitle id="attachments-title">{t('console.proposals.download.pickerTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('console.proposals.download.pickerIntro')}</DialogContentText>
        {questions.length === 0 ? (
          <Alert severity="info">{t('console.proposals.download.pickerNone')}</Alert>
        ) : null}
        <FormGroup>
          {questions.map((q: { id: string; question: string }) => (
            <FormControlLabel
              key={q.id}
              label={q.question}
              control={
                <Checkbox
                  checked={chosen.includes(q.id)}
                  onChange={(e) => {
                    setError(null);
                    setChosen((c) => (e.target.checked ? [...c, q.id] : c.filter((id) => id !== q.id)));
                  }}
                />
              }
            />
          ))}
        </FormGroup>
        {error ? (
          <Alert severity="warning" role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>{t('console.proposals.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            if (chosen.length === 0) setError(t('console.proposals.download.pickerRequired'));
            else onClose(chosen);
          }}
        >
          {t('console.proposals.download.pickerSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The download toolbar action (§2): the proposals as one PDF, as separate PDFs, as a ZIP with their attachments,
 * or the attachments of chosen questions; each shows in the 'Preparing download' panel with Cancel.
 */
export function DownloadMenu({ proposalPks }: { proposalPks: number[] }) {
  const { t } = useTranslation();
  const { download } = useDownloads();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState(false);
  const name = t('console.proposals.download.fileName');
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<GetApp />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {t('console.proposals.download.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(() => void download(downloadPaths.pdf(proposalPks), `${name}.pdf`))}>
          {t('console.proposals.download.pdf')}
        </MenuItem>
        <MenuItem
          onClick={choose(() => {
            for (const pk of proposalPks) void download(downloadPaths.pdf([pk]), `${pk}.pdf`);
          })}
        >
          {t('console.proposals.download.pdfs')}
        </MenuItem>
        <MenuItem onClick={choose(() => void download(downloadPaths.zip(proposalPks), `${name}.zip`))}>
          {t('console.proposals.download.zip')}
        </MenuItem>
        <MenuItem onClick={choose(() => setPicking(true))}>
          {t('console.proposals.download.attachments')}
        </MenuItem>
      </Menu>
      <AttachmentsDialog
        open={picking}
        onClose={(questionIds) => {
          setPicking(false);
          if (questionIds) void download(downloadPaths.attachments(proposalPks, questionIds), `${name}.zip`);
        }}
      />
    </>
  );
}
