import Handlebars from 'handlebars';
import { DataType } from '@user-office/contracts';
import { formatDate } from './format-date';
import { isShownAnswer, renderAnswer, type AnswerRenderContext } from './render-answer';
import { sanitizeRichText } from './safe-html';

/** What the builder needs of a proposal (the proposals read model has more). */
export interface ProposalFacts {
  primaryKey: number;
  proposalId: string;
  title: string;
  abstract: string;
  submitted: boolean;
  submittedDate: Date | null;
  created: Date;
}

/** What the builder needs of a user. */
export interface PersonFacts {
  id: number;
  user_title: string | null;
  firstname: string;
  lastname: string;
  preferredname: string | null;
  email: string;
  position: string | null;
  department: string | null;
  institution: string | null;
}

export interface CallFacts {
  id: number;
  shortCode: string;
  title: string | null;
  allocationTimeUnit: string | null;
}

/** A questionary step as the questionaries read model gives it (hidden answers are already dropped). */
export interface StepFacts {
  topic: { id: number; title: string };
  fields: {
    question: { id: string; question: string; naturalKey: string; dataType: DataType };
    config: Record<string, unknown>;
    value: unknown;
  }[];
}

/** A sample the proposal declared: answering `questionId` (a SAMPLE_DECLARATION question), its questionary. */
export interface SampleFacts {
  id: number;
  title: string;
  questionId: string;
  steps: StepFacts[];
}

export interface ProposalFactsBundle {
  proposal: ProposalFacts;
  principalInvestigator: PersonFacts | null;
  coProposers: PersonFacts[];
  call: CallFacts | null;
  steps: StepFacts[];
  /** the samples declared in the proposal's questionary (none when absent) */
  samples?: SampleFacts[];
}

/** The settings dates are shown with. */
export interface DateSettings {
  dateFormat: string;
  dateTimeFormat: string;
  timeZone: string;
}

export interface PersonData {
  id: number;
  title: string | null;
  firstname: string;
  lastname: string;
  preferredname: string | null;
  /** "Preferred-or-first last" */
  name: string;
  email: string;
  position: string | null;
  department: string | null;
  institution: string | null;
}

export interface FieldData {
  question: { id: string; question: string; naturalKey: string; dataType: DataType };
  /** safe HTML (escaped text, or sanitised rich text): `{{answer}}` inserts it as is */
  answer: Handlebars.SafeString;
  /** the same as plain text */
  answerText: string;
  /** content of an EMBELLISHMENT (no question to answer) */
  isEmbellishment: boolean;
  /** a SAMPLE_DECLARATION question: the samples it declared (the document adds their rendered `declarations`) */
  samples?: SampleData[];
}

/** A declared sample: its title and its declaration's answered questions by step (as the proposal's). */
export interface SampleData {
  id: number;
  title: string;
  questionId: string;
  questionarySteps: StepData[];
}

export interface StepData {
  topic: { id: number; title: string };
  fields: FieldData[];
}

/**
 * The data a proposal PDF template (Handlebars) is rendered with. The names `proposal`, `principalInvestigator`,
 * `coProposers`, `questionarySteps[].topic.title` and `questionarySteps[].fields[].question.question` /
 * `.answer` are those of the templates module's default PDF layout.
 */
export interface ProposalTemplateData {
  proposal: {
    primaryKey: number;
    proposalId: string;
    title: string;
    abstract: string;
    submitted: boolean;
    /** in the DATE_TIME_FORMAT setting; null for a draft */
    submittedDate: string | null;
    /** in the DATE_FORMAT setting */
    created: string;
  };
  principalInvestigator: PersonData | null;
  coProposers: PersonData[];
  call: { id: number; shortCode: string; title: string | null } | null;
  questionarySteps: StepData[];
  /** the declared samples, in the order of their questions, then as the samples read model lists them */
  samples: SampleData[];
  genericTemplates: never[];
}

function person(facts: PersonFacts): PersonData {
  const first = facts.preferredname?.trim() || facts.firstname;
  return {
    id: facts.id,
    title: facts.user_title,
    firstname: facts.firstname,
    lastname: facts.lastname,
    preferredname: facts.preferredname,
    name: `${first} ${facts.lastname}`.trim(),
    email: facts.email,
    position: facts.position,
    department: facts.department,
    institution: facts.institution,
  };
}

const isBasis = (dataType: DataType) => dataType.endsWith('_BASIS');

/**
 * A questionary's answered questions by step (a proposal's, a sample's): answers rendered by `renderAnswer`,
 * embellishments as sanitised content unless `omitFromPdf`, unanswered questions and empty steps left out.
 */
function buildSteps(
  steps: readonly StepFacts[],
  context: AnswerRenderContext,
  /** the samples a SAMPLE_DECLARATION question declared (its answer is their count, whatever its stored value) */
  samplesOf: (questionId: string) => SampleData[] = () => [],
): StepData[] {
  return steps
    .map((step): StepData => {
      const fields: FieldData[] = [];
      for (const field of step.fields) {
        const { question, config } = field;
        if (isBasis(question.dataType)) continue;
        if (question.dataType === DataType.EMBELLISHMENT) {
          if (config.omitFromPdf === true) continue;
          const html = sanitizeRichText(typeof config.html === 'string' ? config.html : '');
          if (html.trim() === '') continue;
          const text = typeof config.plain === 'string' ? config.plain : '';
          fields.push({
            question,
            answer: new Handlebars.SafeString(html),
            answerText: text,
            isEmbellishment: true,
          });
          continue;
        }
        if (question.dataType === DataType.SAMPLE_DECLARATION) {
          const samples = samplesOf(question.id);
          const rendered = renderAnswer(
            question.dataType,
            config,
            samples.map((sample) => sample.id),
            context,
          );
          if (samples.length > 0 && rendered)
            fields.push({
              question,
              answer: new Handlebars.SafeString(rendered.html),
              answerText: rendered.text,
              isEmbellishment: false,
              samples,
            });
          continue;
        }
        if (!isShownAnswer(question.dataType, field.value)) continue;
        const rendered = renderAnswer(question.dataType, config, field.value, context);
        if (!rendered) continue;
        fields.push({
          question,
          answer: new Handlebars.SafeString(rendered.html),
          answerText: rendered.text,
          isEmbellishment: false,
        });
      }
      return { topic: { id: step.topic.id, title: step.topic.title }, fields };
    })
    .filter((step) => step.fields.some((field) => !field.isEmbellishment));
}

/**
 * The template data of one proposal: every answered question by step, answers rendered by `renderAnswer`,
 * embellishments as sanitised content unless `omitFromPdf`, unanswered questions and empty steps left out.
 */
export function buildProposalTemplateData(
  facts: ProposalFactsBundle,
  dates: DateSettings,
  fileNames: ReadonlyMap<string, string>,
): ProposalTemplateData {
  const context: AnswerRenderContext = {
    ...dates,
    fileNames,
    allocationTimeUnit: facts.call?.allocationTimeUnit ?? null,
  };
  const questionOrder = facts.steps.flatMap((step) => step.fields.map((f) => f.question.id));
  const rank = (questionId: string) => questionOrder.indexOf(questionId);
  const samples = [...(facts.samples ?? [])]
    .sort((a, b) => rank(a.questionId) - rank(b.questionId))
    .map((sample): SampleData => ({
      id: sample.id,
      title: sample.title,
      questionId: sample.questionId,
      questionarySteps: buildSteps(sample.steps, context),
    }));
  const questionarySteps = buildSteps(facts.steps, context, (questionId) =>
    samples.filter((sample) => sample.questionId === questionId),
  );

  const { proposal } = facts;
  return {
    proposal: {
      primaryKey: proposal.primaryKey,
      proposalId: proposal.proposalId,
      title: proposal.title,
      abstract: proposal.abstract,
      submitted: proposal.submitted,
      submittedDate: proposal.submittedDate
        ? formatDate(proposal.submittedDate, dates.dateTimeFormat, dates.timeZone)
        : null,
      created: formatDate(proposal.created, dates.dateFormat, dates.timeZone),
    },
    principalInvestigator: facts.principalInvestigator ? person(facts.principalInvestigator) : null,
    coProposers: facts.coProposers.map(person),
    call: facts.call ? { id: facts.call.id, shortCode: facts.call.shortCode, title: facts.call.title } : null,
    questionarySteps,
    samples,
    genericTemplates: [],
  };
}
