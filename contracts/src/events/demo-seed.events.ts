import { defineEvent, registerEvents } from './catalogue';

/**
 * The demo a development setup starts with (`npm start` on an empty store, `npm run seed`): one stream,
 * `demo-seed`, holding one DemoSeeded event once the demo call, its templates and the development accounts exist.
 */
export const DEMO_SEED_STREAM = 'demo';
export const DEMO_SEED_STREAM_ID = 'demo-seed';

export const DEMO_SEEDED = 'DemoSeeded';

export interface DemoSeededData {
  /** the open demo call */
  readonly callId: number;
  readonly callShortCode: string;
  /** its proposal template (every question type) */
  readonly templateId: number;
  /** the sub-template, sample declaration and PDF templates it uses */
  readonly subTemplateId: number;
  readonly sampleTemplateId: number;
  readonly pdfTemplateId: number;
  /** the development accounts created (those that existed already are not listed) */
  readonly userIds: readonly number[];
}

export const demoSeededEvent = defineEvent<DemoSeededData, typeof DEMO_SEEDED>(DEMO_SEEDED, {
  stream: DEMO_SEED_STREAM,
  description: (data) =>
    `Demo seeded: call ${data.callShortCode} (${data.callId}) on proposal template ${data.templateId}, ` +
    `${data.userIds.length} development account(s) created`,
  changedObjectId: (data) => String(data.callId),
});

/** Any event of the demo-seed stream. */
export type DemoSeedEvent = { readonly type: typeof DEMO_SEEDED; readonly data: DemoSeededData };

export const DEMO_SEED_EVENTS = [demoSeededEvent] as const;

registerEvents(...DEMO_SEED_EVENTS);
