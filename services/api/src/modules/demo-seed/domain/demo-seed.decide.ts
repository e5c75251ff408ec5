import { DEMO_SEEDED, demoSeededEvent, type DemoSeededData } from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';

/** What the `demo-seed` stream knows: the demo it recorded, or nothing yet. */
export interface DemoSeedState {
  seeded: DemoSeededData | null;
}

export const initialDemoSeedState: DemoSeedState = { seeded: null };

export function evolveDemoSeed(state: DemoSeedState, event: { type: string; data: unknown }): DemoSeedState {
  return event.type === DEMO_SEEDED ? { seeded: event.data as DemoSeededData } : state;
}

/** The one command of the stream: record that the demo was seeded. */
export type DemoSeedCommand = { type: 'RecordDemoSeeded'; demo: DemoSeededData };

/** Pure: DemoSeeded the first time; nothing once the demo was recorded (seeding is idempotent). */
export function decideDemoSeed(command: DemoSeedCommand, state: DemoSeedState): NewEvent[] {
  switch (command.type) {
    case 'RecordDemoSeeded':
      return state.seeded
        ? []
        : [demoSeededEvent.create({ ...command.demo, userIds: [...command.demo.userIds] })];
  }
}

export const demoSeedDecider: Decider<DemoSeedState, DemoSeedCommand> = {
  initialState: initialDemoSeedState,
  evolve: evolveDemoSeed,
  decide: decideDemoSeed,
};
