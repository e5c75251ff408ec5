import { Fragment, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
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
 * time, the recommendation and whether it is submitted. Officers reorder (drag a row by its handle, keyboard
 * operable, or move it up / down: `reorder` gets the new order of proposal keys); each row opens its meeting
 * decision.
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ranked.findIndex((r) => r.proposalPk === active.id);
    const to = ranked.findIndex((r) => r.proposalPk === over.id);
    if (from >= 0 && to >= 0) move(from, to - from);
  };
  const column = (name: string) => t(`console.faps.meeting.${name}`);
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {canReorder ? <TableCell padding="checkbox" aria-label={column('reorder')} /> : null}
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
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ranked.map((r) => r.proposalPk)} strategy={verticalListSortingStrategy}>
          <TableBody>
            {ranked.map((row, index) => (
              <Fragment key={row.proposalPk}>
                <SortableRow
                  id={row.proposalPk}
                  testId={`ranking-row-${row.proposalId}`}
                  handleLabel={
                    canReorder ? t('console.faps.meeting.dragHandle', { id: row.proposalId }) : null
                  }
                >
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>{row.proposalId}</TableCell>
                  <TableCell>{row.title}</TableCell>
                  <TableCell>{figure(row.average)}</TableCell>
                  <TableCell>{figure(row.spread)}</TableCell>
                  <TableCell>{figure(row.calibrated)}</TableCell>
                  <TableCell>{figure(row.allocatedTime)}</TableCell>
                  <TableCell>{figure(row.cumulativeTime)}</TableCell>
                  <TableCell>
                    {row.inAvailabilityZone ? t('console.faps.yes') : t('console.faps.no')}
                  </TableCell>
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
                </SortableRow>
                {index === cut && index < ranked.length - 1 ? (
                  <TableRow data-testid="cut-line">
                    <TableCell
                      colSpan={canReorder ? 12 : 11}
                      sx={{ borderBottom: 3, borderColor: 'error.main', color: 'error.main', py: 0.5 }}
                    >
                      {column('cutLine')}
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            ))}
          </TableBody>
        </SortableContext>
      </DndContext>
    </Table>
  );
}

/** A ranking row that an officer drags by its handle (the first cell); without a handle label, a plain row. */
function SortableRow({
  id,
  testId,
  handleLabel,
  children,
}: {
  id: number;
  testId: string;
  handleLabel: string | null;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled: handleLabel === null });
  return (
    <TableRow
      ref={setNodeRef}
      data-testid={testId}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        bgcolor: 'background.paper',
      }}
    >
      {handleLabel !== null ? (
        <TableCell padding="checkbox">
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            aria-label={handleLabel}
            sx={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <DragIndicator fontSize="small" />
          </IconButton>
        </TableCell>
      ) : null}
      {children}
    </TableRow>
  );
}
