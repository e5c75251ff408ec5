import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import RemoveCircleOutlined from '@mui/icons-material/RemoveCircleOutlined';
import Undo from '@mui/icons-material/Undo';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { keptPairs, loadPerMember, pairKey, type ProposedPair } from '../auto-assignment';

export interface UnfilledProposal {
  proposalId: string;
  missing: number;
  reason: string;
}

export interface SkippedConflict {
  proposalId: string;
  memberName: string;
  reason: string;
}

/**
 * The automatic assignment's preview (issue #28 item 3): the proposed (proposal, reviewer) pairs with each pair's
 * reason, the conflicts of interest the assigner skipped, and the load per member once applied. The chair removes
 * pairs (and may restore them) and accepts: `accept` applies the kept pairs.
 */
export function AutoAssignPreviewDialog({
  open,
  call,
  pairs,
  skipped,
  unfilled = [],
  currentLoad = [],
  accept,
  onClose,
}: {
  open: boolean;
  call: string;
  pairs: readonly ProposedPair[];
  skipped: readonly SkippedConflict[];
  /** proposals the assigner could not give all their reviewers, and why */
  unfilled?: readonly UnfilledProposal[];
  currentLoad?: readonly { memberId: number; memberName: string; load: number }[];
  accept(pairs: ProposedPair[]): Promise<void>;
  onClose(applied: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const notify = useNotify();
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setRemoved(new Set());
  }, [open]);
  const kept = keptPairs(pairs, removed);
  const loads = loadPerMember(kept, currentLoad);

  const toggle = (key: string) =>
    setRemoved((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const apply = async () => {
    setBusy(true);
    try {
      await accept(kept);
      notify(t('console.faps.auto.accepted', { count: kept.length }), { type: 'success' });
      onClose(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{t('console.faps.auto.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('console.faps.auto.intro', { call })}</Typography>
        {pairs.length === 0 ? (
          <Alert severity="info">{t('console.faps.auto.none')}</Alert>
        ) : (
          <>
            <Typography component="h3" variant="subtitle1" id={`${id}-pairs`}>
              {t('console.faps.auto.pairs')}
            </Typography>
            <Table size="small" aria-labelledby={`${id}-pairs`}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('console.faps.auto.proposal')}</TableCell>
                  <TableCell>{t('console.faps.auto.member')}</TableCell>
                  <TableCell>{t('console.faps.auto.reason')}</TableCell>
                  <TableCell>{t('console.faps.proposals.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {pairs.map((pair) => {
                  const key = pairKey(pair);
                  const isRemoved = removed.has(key);
                  const names = { member: pair.memberName, proposal: pair.proposalId };
                  return (
                    <TableRow
                      key={key}
                      data-testid={`pair-${key}`}
                      sx={
                        isRemoved
                          ? { '& td': { textDecoration: 'line-through', color: 'text.secondary' } }
                          : {}
                      }
                    >
                      <TableCell>{pair.proposalId}</TableCell>
                      <TableCell>{pair.memberName}</TableCell>
                      <TableCell>{pair.reason}</TableCell>
                      <TableCell>
                        <ActionIconButton
                          label={
                            isRemoved
                              ? t('console.faps.auto.restore', names)
                              : t('console.faps.auto.remove', names)
                          }
                          icon={
                            isRemoved ? <Undo fontSize="small" /> : <RemoveCircleOutlined fontSize="small" />
                          }
                          onClick={() => toggle(key)}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            {removed.size > 0 ? (
              <Typography sx={{ mt: 1 }} role="status">
                {t('console.faps.auto.removedCount', { count: removed.size })}
              </Typography>
            ) : null}
          </>
        )}
        <Typography component="h3" variant="subtitle1" id={`${id}-skipped`} sx={{ mt: 2 }}>
          {t('console.faps.auto.skipped')}
        </Typography>
        {skipped.length === 0 ? (
          <Typography color="text.secondary">{t('console.faps.auto.noSkipped')}</Typography>
        ) : (
          <Table size="small" aria-labelledby={`${id}-skipped`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('console.faps.auto.proposal')}</TableCell>
                <TableCell>{t('console.faps.auto.member')}</TableCell>
                <TableCell>{t('console.faps.auto.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {skipped.map((s) => (
                <TableRow key={`${s.proposalId}-${s.memberName}`}>
                  <TableCell>{s.proposalId}</TableCell>
                  <TableCell>{s.memberName}</TableCell>
                  <TableCell>{s.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {unfilled.length > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('console.faps.auto.unfilled')}
            <ul>
              {unfilled.map((u) => (
                <li key={u.proposalId}>
                  {t('console.faps.auto.unfilledOne', {
                    id: u.proposalId,
                    count: u.missing,
                    reason: u.reason,
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <Typography component="h3" variant="subtitle1" id={`${id}-load`} sx={{ mt: 2 }}>
          {t('console.faps.auto.load')}
        </Typography>
        <Table size="small" aria-labelledby={`${id}-load`}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.faps.auto.member')}</TableCell>
              <TableCell>{t('console.faps.auto.reviews')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loads.map((l) => (
              <TableRow key={l.memberId} data-testid={`load-${l.memberId}`}>
                <TableCell>{l.memberName}</TableCell>
                <TableCell>{l.load}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.common.cancel')}</Button>
        <Button variant="contained" disabled={busy || kept.length === 0} onClick={() => void apply()}>
          {t('console.faps.auto.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
