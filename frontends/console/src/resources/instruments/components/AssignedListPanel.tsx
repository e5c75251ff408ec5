import { useState } from 'react';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ConfirmIconButton } from '../../../components/ConfirmButton';
import { PickOneDialog, type PickOneOption } from '../../../components/PickOneDialog';

export interface AssignedItem {
  id: number;
  name: string;
  detail?: string;
}

/**
 * A titled list of what is assigned to a record (an instrument's scientists, a technique's instruments), each
 * removed after a confirmation, and an "add" button picking one more among `candidates` (PickOneDialog).
 * `texts` is the translation prefix holding title, none, add, pick, required, noneToPick, added, remove,
 * removeConfirm and removed; `of` names the record in the confirmation.
 */
export function AssignedListPanel({
  texts,
  of,
  items,
  candidates,
  editable,
  add,
  remove,
  onChanged,
}: {
  texts: string;
  of: string;
  items: readonly AssignedItem[];
  candidates: readonly PickOneOption[];
  editable: boolean;
  add(id: number): Promise<void>;
  remove(id: number): Promise<void>;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [picking, setPicking] = useState(false);
  const assigned = new Set(items.map((i) => i.id));
  const options = candidates.filter((c) => !assigned.has(c.id));
  const headingId = `${texts.replace(/\W/g, '-')}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1, p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t(`${texts}.title`)}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t(`${texts}.none`)}</Typography>
      ) : (
        <List dense>
          {items.map((item) => (
            <ListItem
              key={item.id}
              secondaryAction={
                editable ? (
                  <ConfirmIconButton
                    label={t(`${texts}.remove`, { name: item.name })}
                    icon={<DeleteIcon fontSize="small" />}
                    title={t(`${texts}.remove`, { name: item.name })}
                    content={t(`${texts}.removeConfirm`, { name: item.name, of })}
                    onConfirm={async () => {
                      try {
                        await remove(item.id);
                        notify(t(`${texts}.removed`), { type: 'success' });
                        onChanged();
                      } catch (e) {
                        notify((e as Error).message, { type: 'error' });
                      }
                    }}
                  />
                ) : null
              }
            >
              <ListItemText primary={item.name} secondary={item.detail} />
            </ListItem>
          ))}
        </List>
      )}
      {editable ? (
        <>
          <Button startIcon={<Add />} onClick={() => setPicking(true)}>
            {t(`${texts}.add`)}
          </Button>
          <PickOneDialog
            open={picking}
            title={t(`${texts}.add`)}
            label={t(`${texts}.pick`)}
            options={options}
            required={t(`${texts}.required`)}
            submitLabel={t('console.common.save')}
            cancelLabel={t('console.common.cancel')}
            empty={t(`${texts}.noneToPick`)}
            run={add}
            done={t(`${texts}.added`)}
            onClose={(ran) => {
              setPicking(false);
              if (ran) onChanged();
            }}
          />
        </>
      ) : null}
    </Box>
  );
}
