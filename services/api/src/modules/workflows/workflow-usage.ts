import { Injectable } from '@nestjs/common';

/** Counts one kind of use for a batch of ids (id → count; absent means 0). */
export type UsageCounter = (ids: readonly number[]) => Promise<Map<number, number>>;

interface Registered {
  /** what is counted, plural, e.g. "calls" */
  what: string;
  counter: UsageCounter;
}

async function inUse(registered: readonly Registered[], id: number): Promise<string[]> {
  const uses: string[] = [];
  for (const { what, counter } of registered) {
    const count = (await counter([id])).get(id) ?? 0;
    if (count > 0) uses.push(`${count} ${what}`);
  }
  return uses;
}

/**
 * Who uses workflows and statuses. The modules that do (calls pick a proposal or experiment workflow,
 * proposals sit in a status) register a counter at start; the workflows module refuses to delete a workflow
 * or status in use, without importing those modules.
 */
@Injectable()
export class WorkflowUsage {
  private readonly workflowCounters: Registered[] = [];
  private readonly statusCounters: Registered[] = [];

  /** e.g. `register('calls', (workflowIds) => …)`; without a name the uses are counted as calls. */
  register(counter: UsageCounter): void;
  register(what: string, counter: UsageCounter): void;
  register(whatOrCounter: string | UsageCounter, counter?: UsageCounter): void {
    if (typeof whatOrCounter === 'string') {
      if (counter) this.workflowCounters.push({ what: whatOrCounter, counter });
    } else {
      this.workflowCounters.push({ what: 'calls', counter: whatOrCounter });
    }
  }

  /** e.g. `registerStatusUsage('proposals', (statusIds) => …)` */
  registerStatusUsage(what: string, counter: UsageCounter): void {
    this.statusCounters.push({ what, counter });
  }

  /** What uses the workflow, e.g. ["3 calls"]; empty when nothing does. */
  inUse(workflowId: number): Promise<string[]> {
    return inUse(this.workflowCounters, workflowId);
  }

  /** What uses the status outside workflows, e.g. ["12 proposals"]; empty when nothing does. */
  statusInUse(statusId: number): Promise<string[]> {
    return inUse(this.statusCounters, statusId);
  }
}
