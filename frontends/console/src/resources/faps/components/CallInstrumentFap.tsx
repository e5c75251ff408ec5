import { MenuItem, TextField } from '@mui/material';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useGetList, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ConsoleUpdateFapToCallInstrumentDocument } from '../../../gql/graphql';
import '../translations';

/**
 * Which FAP reviews an instrument in a call (updateFapToCallInstrument; the call's Instruments section): its
 * meeting, availability and spreadsheet follow from it.
 */
export function CallInstrumentFap({
  callId,
  instrument,
  onSaved,
}: {
  callId: number;
  instrument: { id: number; name: string; fapId?: number | null };
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { data: faps = [] } = useGetList<{ id: number; code: string }>('FapsMinimal', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'code', order: 'ASC' },
  });
  const change = async (value: string) => {
    try {
      await request(ConsoleUpdateFapToCallInstrumentDocument, {
        instrumentIds: [instrument.id],
        callId,
        fapId: value === '' ? null : Number(value),
      });
      notify(t('console.faps.callInstrument.saved'), { type: 'success' });
      onSaved();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth: 140 }}
      value={instrument.fapId ?? ''}
      onChange={(e) => void change(e.target.value)}
      slotProps={{
        select: {
          displayEmpty: true,
          SelectDisplayProps: {
            'aria-label': t('console.faps.callInstrument.of', { name: instrument.name }),
          },
        },
      }}
    >
      <MenuItem value="">{t('console.faps.assign.none')}</MenuItem>
      {faps.map((f) => (
        <MenuItem key={f.id} value={f.id}>
          {f.code}
        </MenuItem>
      ))}
    </TextField>
  );
}
