import { useEffect, useMemo, useState } from 'react';
import { Alert } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider, InstrumentStaff } from '../../../app/data-provider';
import { PickOneDialog } from '../../../components/PickOneDialog';
import type { ProposalRow } from '../proposals.operations';
import { reassignPlan } from '../technical-review-actions';

/**
 * Bulk reassign technical reviewer (§2 toolbar, §6): a person of the selected proposals' instruments (its manager
 * or scientists; "Name (instrument)" when there are several instruments) becomes the assignee of their technical
 * reviews on that instrument (updateTechnicalReviewAssignee; submitted reviews stay as they are). Proposals on
 * several instruments are warned about (§8): only the chosen instrument's review changes.
 */
export function ReassignReviewerDialog({
  rows,
  open,
  onClose,
}: {
  rows: ProposalRow[];
  open: boolean;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const plan = useMemo(() => reassignPlan(rows), [rows]);
  const [instruments, setInstruments] = useState<InstrumentStaff[]>([]);
  const key = plan.instrumentIds.join(',');
  useEffect(() => {
    setInstruments([]);
    if (!open || key === '') return;
    dataProvider
      .instrumentStaff(key.split(',').map(Number))
      .then(setInstruments)
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  }, [open, key, dataProvider, notify]);

  const choices = instruments.flatMap((instrument) =>
    instrument.staff.map((person) => ({ instrument, person })),
  );
  const options = choices.map(({ instrument, person }, index) => ({
    id: index,
    name: instruments.length > 1 ? `${person.name} (${instrument.name})` : person.name,
  }));
  return (
    <PickOneDialog
      open={open}
      title={t('console.proposals.reassign.title')}
      label={t('console.proposals.reassign.reviewer')}
      options={options}
      required={t('console.proposals.reassign.required')}
      empty={t('console.proposals.reassign.none')}
      intro={
        plan.multiInstrument.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('console.proposals.reassign.multipleInstruments', { ids: plan.multiInstrument.join(', ') })}
          </Alert>
        ) : null
      }
      submitLabel={t('console.proposals.reassign.submit')}
      cancelLabel={t('console.proposals.cancel')}
      run={async (index) => {
        const { instrument, person } = choices[index];
        await dataProvider.updateTechnicalReviewAssignee(
          person.id,
          plan.proposalsOf(instrument.id),
          instrument.id,
        );
      }}
      done={([index]) => t('console.proposals.reassign.done', { name: choices[index]?.person.name ?? '' })}
      onClose={onClose}
    />
  );
}
