import { Injectable } from '@nestjs/common';

/** The counts of §3 Template: how many questionaries and calls use a template. */
export interface TemplateUsageCounts {
  questionaryCount: number;
  callCount: number;
  pdfCallCount: number;
  proposalESICallCount: number;
}

export type TemplateUsageKind = keyof TemplateUsageCounts;

/** Counts one kind of use for a batch of templates (template id → count; absent means 0). */
export type TemplateUsageCounter = (templateIds: readonly number[]) => Promise<Map<number, number>>;

const LABELS: Record<TemplateUsageKind, string> = {
  questionaryCount: 'questionaries',
  callCount: 'calls',
  pdfCallCount: 'calls as PDF template',
  proposalESICallCount: 'calls as ESI template',
};

/**
 * Who uses templates. The modules that do (questionaries, calls) register a counter at start; the templates
 * module shows the counts and refuses to delete a template in use, without importing those modules.
 */
@Injectable()
export class TemplateUsage {
  private readonly counters = new Map<TemplateUsageKind, TemplateUsageCounter[]>();

  register(kind: TemplateUsageKind, counter: TemplateUsageCounter): void {
    this.counters.set(kind, [...(this.counters.get(kind) ?? []), counter]);
  }

  async counts(templateIds: readonly number[]): Promise<Map<number, TemplateUsageCounts>> {
    const result = new Map<number, TemplateUsageCounts>(
      templateIds.map((id) => [
        id,
        { questionaryCount: 0, callCount: 0, pdfCallCount: 0, proposalESICallCount: 0 },
      ]),
    );
    for (const [kind, counters] of this.counters) {
      for (const counter of counters) {
        const counted = await counter(templateIds);
        for (const [id, count] of counted) {
          const entry = result.get(id);
          if (entry) entry[kind] += count;
        }
      }
    }
    return result;
  }

  /** What uses the template, e.g. ["3 questionaries", "1 calls"]; empty when nothing does. */
  async inUse(templateId: number): Promise<string[]> {
    const counts = (await this.counts([templateId])).get(templateId);
    if (!counts) return [];
    return (Object.keys(LABELS) as TemplateUsageKind[])
      .filter((kind) => counts[kind] > 0)
      .map((kind) => `${counts[kind]} ${LABELS[kind]}`);
  }
}
