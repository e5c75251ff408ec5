import { Fragment } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Gavel from '@mui/icons-material/Gavel';
import { useTranslation } from 'react-i18next';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { cutLineIndex, figure, moveRow, withCumulativeTime, type RankingRow } from '../meeting-ranking';

export interface MeetingRow extends RankingRow {
  proposalId: string;
  title: string;
  average: number | null;
  spread: number | null;
  calibrated: number | null;
  recommendation: string | null;
  decisionSubmitted: boolean;
}

/**
 * One instrument's ranking at the meeting (issue #28 item 5): rank, average grade (submitted reviews), spread,
 * calibrated score, allocated and cumulative time, the cut line after the last proposal within the availability
 * time, the recommendation and whether it is submitted. Officers reorder (move up / down: `reorder` gets the new
 * order of proposal keys); each row opens its meeting decision.
 */
export function MeetingRankingTable({
  label,
  rows,
  availabilityTime,
  canReorder,
  reorder,
  openDecision,
}: {
  label: string;
  rows: readonly MeetingRow[];
  availabilityTime: number | null;
  canReorder: boolean;
  reorder(proposalPks: number[]): void;
  openDecision(row: MeetingRow): void;
}) {
  const { t } = useTranslation();
  const ranked = withCumulativeTime(rows, availabilityTime);
  const cut = cutLineIndex(ranked);
  const move = (index: number, delta: number) =>
    reorder(moveRow(ranked, index, delta).map((r) => r.proposalPk));
  const column = (name: string) => t(`console.faps.meeting.${name}`);
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{column('rank')}</TableCell>
          <TableCell>{column('proposalId')}</TableCell>
          <TableCell>{column('title')}</TableCell>
          <TableCell>{column('average')}</TableCell>
          <TableCell>{column('spread')}</TableCell>
          <TableCell>{column('calibrated')}</TableCell>
          <TableCell>{column('allocated')}</TableCell>
          <TableCell>{column('cumulative')}</TableCell>
          <TableCell>{column('zone')}</TableCell>
          <TableCell>{column('recommendation')}</TableCell>
          <TableCell>{column('actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {ranked.map((row, index) => (
          <Fragment key={row.proposalPk}>
            <TableRow data-testid={`ranking-row-${row.proposalId}`}>
              <TableCell>{index + 1}</TableCell>
              <TableCell>{row.proposalId}</TableCell>
              <TableCell>{row.title}</TableCell>
              <TableCell>{figure(row.average)}</TableCell>
              <TableCell>{figure(row.spread)}</TableCell>
              <TableCell>{figure(row.calibrated)}</TableCell>
              <TableCell>{figure(row.allocatedTime)}</TableCell>
              <TableCell>{figure(row.cumulativeTime)}</TableCell>
              <TableCell>{row.inAvailabilityZone ? t('console.faps.yes') : t('console.faps.no')}</TableCell>
              <TableCell>
                {row.recommendation ? t(`console.review.finalStatuses.${row.recommendation}`) : ''}
                {row.decisionSubmitted ? (
                  <Chip size="small" sx={{ ml: 1 }} label={column('submitted')} color="success" />
                ) : null}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex' }}>
                  {canReorder ? (
                    <>
                      <ActionIconButton
                        label={t('console.faps.meeting.moveUp', { id: row.proposalId })}
                        icon={<ArrowUpward fontSize="small" />}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      />
                      <ActionIconButton
                        label={t('console.faps.meeting.moveDown', { id: row.proposalId })}
                        icon={<ArrowDownward fontSize="small" />}
                        disabled={index === ranked.length - 1}
                        onClick={() => move(index, 1)}
                      />
                    </>
                  ) : null}
                  <ActionIconButton
                    label={t('console.faps.meeting.decision', { id: row.proposalId })}
                    icon={<Gavel fontSize="small" />}
                    onClick={() => openDecision(row)}
                  />
                </Box>
              </TableCell>
            </TableRow>
            {index === cut && index < ranked.length - 1 ? (
              <TableRow data-testid="cut-line">
                <TableCell
                  colSpan={11}
                  sx={{ borderBottom: 3, borderColor: 'error.main', color: 'error.main', py: 0.5 }}
                >
                  {column('cutLine')}
                </TableCell>
              </TableRow>
            ) : null}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}
