import { DEMO_SEEDED, type DemoSeededData } from '@user-office/contracts';
import { decideDemoSeed, evolveDemoSeed, initialDemoSeedState } from './demo-seed.decide';

const demo: DemoSeededData = {
  callId: 1,
  callShortCode: 'DEMO',
  templateId: 4,
  subTemplateId: 1,
  sampleTemplateId: 2,
  pdfTemplateId: 3,
  userIds: [1, 2],
};

describe('demo seed decider', () => {
  it('given nothing recorded, when the demo is recorded, then DemoSeeded', () => {
    expect(decideDemoSeed({ type: 'RecordDemoSeeded', demo }, initialDemoSeedState)).toEqual([
      { type: DEMO_SEEDED, data: demo },
    ]);
  });

  it('given DemoSeeded, when the demo is recorded again, then nothing', () => {
    const state = evolveDemoSeed(initialDemoSeedState, { type: DEMO_SEEDED, data: demo });
    expect(state.seeded).toEqual(demo);
    expect(decideDemoSeed({ type: 'RecordDemoSeeded', demo: { ...demo, callId: 9 } }, state)).toEqual([]);
  });
});
