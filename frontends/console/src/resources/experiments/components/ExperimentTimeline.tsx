import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { DataSet } from 'vis-data';
import { Timeline, type DataItemCollectionType, type TimelineItem } from 'vis-timeline';
import 'vis-timeline/styles/vis-timeline-graph2d.min.css';
import type { ExperimentItem, TimeWindow } from '../timeline-model';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * Where a dragged or resized experiment lands: the nearest hour. vis-timeline's own snap rounds to its scale's unit,
 * a week at the default window, so a drag of four days either stayed put or jumped a week.
 */
const snapToHour = (date: Date): Date => new Date(Math.round(date.valueOf() / HOUR) * HOUR);

/** What the page does when the timeline is used; each returns whether the server accepted. */
export interface TimelineHandlers {
  /** the visible window changed (loaded by the page as needed) */
  onWindow(window: TimeWindow): void;
  /** an item was dragged or resized: updateExperiment with its new times */
  onMove(experimentPk: number, startsAt: Date, endsAt: Date): Promise<boolean>;
  /** a double-click on an empty place: schedule there */
  onAdd(at: Date): void;
}

const asDate = (value: unknown): Date => new Date(value as string | number | Date);

/**
 * One instrument's experiments on a vis-timeline: drag to move, drag an end to resize (each is sent to the server,
 * and a refused one snaps back through vis-timeline's `callback(null)`), double-click to schedule. `items` is the
 * loaded window's experiments; the timeline keeps its own view of them in a vis-data DataSet.
 */
export function ExperimentTimeline({
  items,
  initialWindow,
  handlers,
  label,
}: {
  items: readonly ExperimentItem[];
  initialWindow: TimeWindow;
  handlers: TimelineHandlers;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const data = useRef(new DataSet<ExperimentItem, 'id'>());
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!container.current) return;
    const timeline = new Timeline(container.current, data.current as unknown as DataItemCollectionType, {
      start: initialWindow.start,
      end: initialWindow.end,
      orientation: 'top',
      minHeight: '240px',
      maxHeight: '600px',
      showWeekScale: true,
      stack: true,
      zoomMin: HOUR,
      snap: snapToHour,
      zoomMax: 2 * 365 * DAY,
      editable: { add: true, updateTime: true, updateGroup: false, remove: false, overrideItems: false },
      itemsAlwaysDraggable: { item: true, range: true },
      onMove: (item: TimelineItem, callback: (item: TimelineItem | null) => void) => {
        void latest.current
          .onMove(Number(item.id), asDate(item.start), asDate(item.end))
          .then((accepted) => callback(accepted ? item : null));
      },
      onAdd: (item: TimelineItem, callback: (item: TimelineItem | null) => void) => {
        callback(null);
        latest.current.onAdd(asDate(item.start));
      },
    });
    const changed = () => {
      const { start, end } = timeline.getWindow();
      latest.current.onWindow({ start: asDate(start), end: asDate(end) });
    };
    timeline.on('rangechanged', changed);
    changed();
    return () => timeline.destroy();
    // the timeline is made once; the window is the page's to move (a new instrument remounts it)
  }, []);

  useEffect(() => {
    const set = data.current;
    const ids = new Set(items.map((i) => i.id));
    set.remove(set.getIds().filter((id) => !ids.has(Number(id))));
    set.update(items as ExperimentItem[]);
  }, [items]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      sx={{
        '& .vis-item.experiment': { borderRadius: 1, fontSize: 13 },
        '& .vis-item.experiment-draft': { bgcolor: '#fff8e1', borderColor: '#b26a00', color: '#3e2700' },
        '& .vis-item.experiment-active': { bgcolor: '#e3f2fd', borderColor: '#1565c0', color: '#0d2a4d' },
        '& .vis-item.experiment-completed': { bgcolor: '#e8f5e9', borderColor: '#2e7d32', color: '#10361a' },
        '& .vis-item.vis-selected': { borderWidth: 2, borderColor: '#6a1b9a' },
      }}
    />
  );
}
