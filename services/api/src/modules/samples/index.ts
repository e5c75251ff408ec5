export { SamplesModule } from './samples.module';
export { SamplesRepository } from './read-models/samples/samples.repository';
export { SampleModel } from './read-models/samples/sample.model';
export { SAMPLES_PROJECTION } from './read-models/samples/samples.projection';
export { SamplesService } from './samples.service';
export { SubmittedEsiSamples } from './submitted-esi-samples';
export { evolveSample, initialSampleState } from './domain/sample.decide';
