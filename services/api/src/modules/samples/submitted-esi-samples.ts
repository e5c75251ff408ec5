import { Injectable } from '@nestjs/common';

/** Whether a sample is on an experiment safety input (ESI) that is submitted. */
export type SubmittedEsiLookup = (sampleId: number) => Promise<boolean>;

/**
 * The samples on a submitted experiment safety input, as the experiments module knows them: it registers its
 * lookup at start (the samples module cannot import it, the experiments module imports samples). An experiment
 * safety reviewer evaluates exactly these (§6 "Experiment Safety only"), the samples of the ESIs they review and
 * read. Nothing registered: no sample is on one.
 */
@Injectable()
export class SubmittedEsiSamples {
  private lookup: SubmittedEsiLookup | null = null;

  register(lookup: SubmittedEsiLookup): void {
    this.lookup = lookup;
  }

  has(sampleId: number): Promise<boolean> {
    return this.lookup ? this.lookup(sampleId) : Promise.resolve(false);
  }
}
