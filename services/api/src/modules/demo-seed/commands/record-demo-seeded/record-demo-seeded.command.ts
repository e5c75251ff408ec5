import { Command } from '@nestjs/cqrs';
import type { DemoSeededData } from '@user-office/contracts';

/** Records on the `demo-seed` stream that the demo exists; `position` is null when it was recorded before. */
export class RecordDemoSeededCommand extends Command<{ position: number | null }> {
  constructor(readonly demo: DemoSeededData) {
    super();
  }
}
