import { Injectable } from '@nestjs/common';
import { DataType, type AnswerContext } from '@user-office/contracts';
import { ProposalsRepository } from '../proposals';
import type { AnswerFacts, QuestionaryOwner, QuestionaryRecord, StepQuestion } from '../questionaries';
import { InstrumentsRepository } from './read-models/instruments/instruments.repository';

/**
 * The facts the instrument and technique pickers of a proposal's questionary are checked against: an instrument
 * picker with no instruments of its own accepts only the instruments of the proposal's call, a technique picker
 * with no techniques of its own only existing techniques (registered with the questionaries' owners).
 */
@Injectable()
export class PickerAnswerFacts implements QuestionaryOwner {
  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly instruments: InstrumentsRepository,
  ) {}

  async answerFacts(
    questionary: QuestionaryRecord,
    questions: readonly StepQuestion[],
  ): Promise<AnswerFacts | undefined> {
    const kinds = new Set(
      questions
        .map((q) => q.dataType)
        .filter((t) => t === DataType.INSTRUMENT_PICKER || t === DataType.TECHNIQUE_PICKER),
    );
    if (kinds.size === 0) return undefined;
    const context: { -readonly [K in keyof AnswerContext]: AnswerContext[K] } = {};
    if (kinds.has(DataType.INSTRUMENT_PICKER)) {
      const proposal = await this.proposals.byQuestionaryId(questionary.questionaryId);
      if (proposal) {
        context.offeredInstruments = (await this.instruments.ofCall(proposal.callId)).map(
          (i) => i.instrumentId,
        );
      }
    }
    if (kinds.has(DataType.TECHNIQUE_PICKER)) {
      context.offeredTechniques = (await this.instruments.allTechniques()).map((t) => t.id);
    }
    return { context };
  }
}
