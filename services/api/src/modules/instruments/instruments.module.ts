import { Module, type OnModuleInit } from '@nestjs/common';
import { CallsModule } from '../calls';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { TemplatesModule } from '../templates';
import { UsersModule } from '../users';
import { AssignInstrumentsToCallResolver } from './commands/assign-instruments-to-call/assign-instruments-to-call.resolver';
import { AssignInstrumentsToTechniqueResolver } from './commands/assign-instruments-to-technique/assign-instruments-to-technique.resolver';
import { AssignScientistsToInstrumentResolver } from './commands/assign-scientists-to-instrument/assign-scientists-to-instrument.resolver';
import { AssignScientistsToTechniqueResolver } from './commands/assign-scientists-to-technique/assign-scientists-to-technique.resolver';
import { CreateInstrumentResolver } from './commands/create-instrument/create-instrument.resolver';
import { CreateTechniqueResolver } from './commands/create-technique/create-technique.resolver';
import { DeleteInstrumentResolver } from './commands/delete-instrument/delete-instrument.resolver';
import { DeleteTechniqueResolver } from './commands/delete-technique/delete-technique.resolver';
import { ExecuteInstrumentCommandHandler } from './commands/execute-instrument-command';
import { ExecuteTechniqueCommandHandler } from './commands/execute-technique-command';
import { RemoveAssignedInstrumentFromCallResolver } from './commands/remove-assigned-instrument-from-call/remove-assigned-instrument-from-call.resolver';
import { RemoveInstrumentsFromTechniqueResolver } from './commands/remove-instruments-from-technique/remove-instruments-from-technique.resolver';
import { RemoveScientistFromInstrumentResolver } from './commands/remove-scientist-from-instrument/remove-scientist-from-instrument.resolver';
import { RemoveScientistFromTechniqueResolver } from './commands/remove-scientist-from-technique/remove-scientist-from-technique.resolver';
import { SetInstrumentAvailabilityTimeResolver } from './commands/set-instrument-availability-time/set-instrument-availability-time.resolver';
import { UpdateInstrumentResolver } from './commands/update-instrument/update-instrument.resolver';
import { UpdateTechniqueResolver } from './commands/update-technique/update-technique.resolver';
import { InstrumentsService } from './instruments.service';
import { PickerAnswerFacts } from './picker-answer-facts';
import { CallInstrumentsResolver } from './read-models/instruments/call-instruments.resolver';
import { GetCallsByInstrumentScientistResolver } from './read-models/instruments/get-calls-by-instrument-scientist.resolver';
import { GetInstrumentsResolver } from './read-models/instruments/get-instruments.resolver';
import { GetTechniquesResolver } from './read-models/instruments/get-techniques.resolver';
import { InstrumentsProjection } from './read-models/instruments/instruments.projection';
import { InstrumentsRepository } from './read-models/instruments/instruments.repository';

/** Instruments and techniques (§3, §7): their scientists, manager, call assignments and availability time. */
@Module({
  imports: [UsersModule, CallsModule, ProposalsModule, QuestionariesModule, TemplatesModule],
  providers: [
    InstrumentsProjection,
    InstrumentsRepository,
    InstrumentsService,
    PickerAnswerFacts,
    GetInstrumentsResolver,
    GetCallsByInstrumentScientistResolver,
    GetTechniquesResolver,
    CallInstrumentsResolver,
    ExecuteInstrumentCommandHandler,
    ExecuteTechniqueCommandHandler,
    CreateInstrumentResolver,
    UpdateInstrumentResolver,
    DeleteInstrumentResolver,
    AssignScientistsToInstrumentResolver,
    RemoveScientistFromInstrumentResolver,
    AssignInstrumentsToCallResolver,
    RemoveAssignedInstrumentFromCallResolver,
    SetInstrumentAvailabilityTimeResolver,
    CreateTechniqueResolver,
    UpdateTechniqueResolver,
    DeleteTechniqueResolver,
    AssignScientistsToTechniqueResolver,
    RemoveScientistFromTechniqueResolver,
    AssignInstrumentsToTechniqueResolver,
    RemoveInstrumentsFromTechniqueResolver,
  ],
  exports: [InstrumentsRepository],
})
export class InstrumentsModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly pickers: PickerAnswerFacts,
  ) {}

  /** the pickers of a proposal's questionary offer the call's instruments and every technique */
  onModuleInit(): void {
    this.owners.register(this.pickers);
  }
}
