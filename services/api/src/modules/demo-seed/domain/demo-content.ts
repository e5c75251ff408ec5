import {
  AllocationTimeUnit,
  DataType,
  EvaluatorOperator,
  NumberValueConstraint,
  TemplateGroupId,
  type Unit,
} from '@user-office/contracts';

/**
 * What the demo holds (pure data; the DemoSeeder creates it through the templates', calls' and users' commands):
 * a proposal template with one question of every non-basis data type, the sub-template and sample templates its
 * GENERIC_TEMPLATE and SAMPLE_DECLARATION questions open, a PDF template, and an open call on all of them.
 */

/** One question of the demo: created, then given its natural key, text and config (over the type's default). */
export interface DemoQuestion {
  naturalKey: string;
  dataType: DataType;
  question: string;
  config: Record<string, unknown>;
}

export interface DemoTopic {
  title: string;
  questions: DemoQuestion[];
}

/** A question shown only when another question of the template has a value (eq). */
export interface DemoDependency {
  naturalKey: string;
  dependsOn: string;
  equals: boolean | string;
}

export interface DemoTemplate {
  groupId: TemplateGroupId;
  name: string;
  description: string;
  /** the title of the first topic (the one with the basis question), then one entry per further topic */
  firstTopicTitle: string;
  /** questions added to the first topic, after the basis question */
  firstTopicQuestions: DemoQuestion[];
  topics: DemoTopic[];
  dependencies: DemoDependency[];
}

export const DEMO_CALL_SHORT_CODE = 'DEMO';
export const DEMO_REFERENCE_FORMAT = 'DEMO-{digits:4}';
export const DEMO_OPTIONS_PATH = '/demo/options.json';
/** what GET /demo/options.json answers: the options of the dynamic multiple-choice question */
export const DEMO_OPTIONS = { facilities: [{ name: 'ISIS' }, { name: 'ESS' }, { name: 'ILL' }] };
export const DEMO_OPTIONS_JSON_PATH = '$.facilities[*].name';

/** the default units the number and interval questions offer (those an officer deleted are left out) */
export const DEMO_LENGTH_UNIT_IDS = ['micrometer', 'millimeter', 'centimeter', 'meter'];
export const DEMO_TEMPERATURE_UNIT_IDS = ['kelvin', 'celsius'];

export const DEMO_SUB_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.GENERIC_TEMPLATE,
  name: 'Demo sub-template',
  description: 'One related publication (the "Related publications" question of the demo proposal)',
  firstTopicTitle: 'Publication',
  firstTopicQuestions: [
    {
      naturalKey: 'demo_publication_reference',
      dataType: DataType.TEXT_INPUT,
      question: 'Reference (authors, title, journal, year or DOI)',
      config: { required: true, max: 500 },
    },
  ],
  topics: [],
  dependencies: [],
};

export const DEMO_SAMPLE_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.SAMPLE_DECLARATION,
  name: 'Demo sample',
  description: 'A sample brought to the experiment (the "Samples" question of the demo proposal)',
  firstTopicTitle: 'Sample',
  firstTopicQuestions: [
    {
      naturalKey: 'demo_sample_formula',
      dataType: DataType.TEXT_INPUT,
      question: 'Chemical formula',
      config: { required: true, max: 100, placeholder: 'e.g. Fe2O3' },
    },
  ],
  topics: [],
  dependencies: [],
};

export const DEMO_PDF_TEMPLATE = {
  groupId: TemplateGroupId.PDF,
  name: 'Demo PDF',
  description: 'The layout of the demo proposals as PDF',
};

/** What the proposal template's configs refer to. */
export interface DemoProposalRefs {
  lengthUnits: Unit[];
  temperatureUnits: Unit[];
  subTemplateId: number;
  sampleTemplateId: number;
  /** where the dynamic multiple-choice question fetches its options (this server's /demo/options.json) */
  optionsUrl: string;
}

/** The demo proposal template: the basis question, then every other data type usable in a proposal. */
export function demoProposalTemplate(refs: DemoProposalRefs): DemoTemplate {
  return {
    groupId: TemplateGroupId.PROPOSAL_QUESTIONARY,
    name: 'Demo proposal',
    description: 'A proposal template with one question of every type (seeded demo)',
    firstTopicTitle: 'Proposal',
    firstTopicQuestions: [],
    topics: [
      {
        title: 'Science',
        questions: [
          {
            naturalKey: 'demo_science_intro',
            dataType: DataType.EMBELLISHMENT,
            question: 'About this step',
            config: {
              html:
                '<h2>Your science</h2><p>Tell us what you want to measure and why. This demo call shows every ' +
                'kind of question a proposal template can hold; only the scientific aim is required.</p>',
              plain: 'Your science: tell us what you want to measure and why.',
              omitFromPdf: true,
            },
          },
          {
            naturalKey: 'demo_aim',
            dataType: DataType.TEXT_INPUT,
            question: 'Scientific aim (one or two sentences)',
            config: { required: true, max: 200, placeholder: 'e.g. Determine the magnetic structure of …' },
          },
          {
            naturalKey: 'demo_background',
            dataType: DataType.RICH_TEXT_INPUT,
            question: 'Scientific background and motivation',
            config: { max: 5000 },
          },
          {
            naturalKey: 'demo_research_field',
            dataType: DataType.SELECTION_FROM_OPTIONS,
            question: 'Field of research',
            config: {
              variant: 'radio',
              isMultipleSelect: false,
              options: ['Physics', 'Chemistry', 'Biology', 'Materials science', 'Earth sciences'],
            },
          },
          {
            naturalKey: 'demo_methods',
            dataType: DataType.SELECTION_FROM_OPTIONS,
            question: 'Methods you plan to use',
            config: {
              variant: 'dropdown',
              isMultipleSelect: true,
              options: ['Diffraction', 'Spectroscopy', 'Imaging', 'Reflectometry', 'Small-angle scattering'],
            },
          },
          {
            naturalKey: 'demo_facilities_used',
            dataType: DataType.DYNAMIC_MULTIPLE_CHOICE,
            question: 'Facilities you have used before',
            config: {
              url: refs.optionsUrl,
              jsonPath: DEMO_OPTIONS_JSON_PATH,
              apiCallRequestHeaders: [],
              variant: 'dropdown',
              isMultipleSelect: true,
            },
          },
          {
            naturalKey: 'demo_technique',
            dataType: DataType.TECHNIQUE_PICKER,
            question: 'Technique',
            // techniques arrive with a later module: none offered yet, so not required
            config: { variant: 'radio', isMultipleSelect: false, techniques: [] },
          },
          {
            naturalKey: 'demo_documents',
            dataType: DataType.FILE_UPLOAD,
            question: 'Supporting documents (PDF or images)',
            config: { file_type: ['.pdf', 'image'], max_files: 3, pdf_page_limit: 0 },
          },
          {
            naturalKey: 'demo_publications',
            dataType: DataType.GENERIC_TEMPLATE,
            question: 'Related publications',
            config: {
              templateId: refs.subTemplateId,
              minEntries: 0,
              maxEntries: 3,
              addEntryButtonLabel: 'Add a publication',
            },
          },
        ],
      },
      {
        title: 'Practicalities',
        questions: [
          {
            naturalKey: 'demo_instrument',
            dataType: DataType.INSTRUMENT_PICKER,
            question: 'Preferred instrument',
            // instruments arrive with a later module: none offered yet, so not required
            config: { variant: 'dropdown', requestTime: false, instruments: [] },
          },
          {
            naturalKey: 'demo_start_date',
            dataType: DataType.DATE,
            question: 'Earliest date you could come',
            config: { includeTime: false },
          },
          {
            naturalKey: 'demo_sample_thickness',
            dataType: DataType.NUMBER_INPUT,
            question: 'Sample thickness',
            config: {
              units: refs.lengthUnits,
              numberValueConstraint: NumberValueConstraint.ONLY_POSITIVE,
            },
          },
          {
            naturalKey: 'demo_temperature_range',
            dataType: DataType.INTERVAL,
            question: 'Temperature range of the measurement',
            config: { units: refs.temperatureUnits },
          },
          {
            naturalKey: 'demo_hazardous',
            dataType: DataType.BOOLEAN,
            question: 'Hazardous material?',
            config: { tooltip: 'Toxic, radioactive, flammable or otherwise hazardous samples' },
          },
          {
            naturalKey: 'demo_hazard_description',
            dataType: DataType.TEXT_INPUT,
            question: 'Describe the hazard',
            config: { required: true, multiline: true, max: 2000 },
          },
          {
            naturalKey: 'demo_samples',
            dataType: DataType.SAMPLE_DECLARATION,
            question: 'Samples',
            config: {
              templateId: refs.sampleTemplateId,
              minEntries: 0,
              maxEntries: 5,
              addEntryButtonLabel: 'Add a sample',
            },
          },
        ],
      },
    ],
    dependencies: [{ naturalKey: 'demo_hazard_description', dependsOn: 'demo_hazardous', equals: true }],
  };
}

/** The operator of the demo's dependencies. */
export const DEMO_DEPENDENCY_OPERATOR = EvaluatorOperator.eq;

const DAY_MS = 24 * 3600 * 1000;

/** The demo call: open from a day before `now` for a year, then review, notification and the cycle. */
export function demoCallInput(
  now: Date,
  refs: {
    templateId: number;
    pdfTemplateId: number;
    proposalWorkflowId: number;
    technicalReviewTemplateId: number;
    /** the ESI template (a PROPOSAL_ESI template), if any */
    esiTemplateId?: number;
  },
) {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  return {
    shortCode: DEMO_CALL_SHORT_CODE,
    title: 'Demo call',
    description:
      'A call seeded for trying the user office out: its proposal template holds every kind of question.',
    startCall: at(-1),
    endCall: at(365),
    startReview: at(366),
    endReview: at(396),
    startNotify: at(397),
    endNotify: at(404),
    startCycle: at(425),
    endCycle: at(606),
    cycleComment: 'Demo cycle',
    surveyComment: 'Demo survey',
    referenceNumberFormat: DEMO_REFERENCE_FORMAT,
    allocationTimeUnit: AllocationTimeUnit.Day,
    proposalWorkflowId: refs.proposalWorkflowId,
    templateId: refs.templateId,
    pdfTemplateId: refs.pdfTemplateId,
    technicalReviewTemplateId: refs.technicalReviewTemplateId,
    esiTemplateId: refs.esiTemplateId,
    submissionMessage:
      'Thank you for your demo proposal. It is now locked, and you will receive an e-mail confirming the ' +
      'submission.',
  };
}

/** A submitted proposal of the demo: its PI and co-proposers (dev accounts' usernames), texts and answers by key. */
export interface DemoSubmittedProposal {
  pi: string;
  coProposers: string[];
  title: string;
  abstract: string;
  /** text answers by natural key (the required ones of the demo template) */
  answers: Readonly<Record<string, string>>;
  /** samples declared in its "Samples" question (demo_samples), each with its chemical formula */
  samples?: readonly { title: string; formula: string }[];
}

/** The proposals the demo submits on DEMO, so every staff account has work on a fresh start. */
export const DEMO_SUBMITTED_PROPOSALS: readonly DemoSubmittedProposal[] = [
  {
    pi: 'applicant',
    coProposers: ['coproposer'],
    title: 'Magnetic order in Fe2O3 thin films',
    abstract:
      'We propose to measure the magnetic structure of epitaxial hematite films between 10 K and 300 K to follow ' +
      'the Morin transition as the film thickness decreases.',
    answers: { demo_aim: 'Follow the Morin transition in thin hematite films' },
  },
  {
    pi: 'applicant',
    coProposers: [],
    title: 'Lithium diffusion in solid electrolytes',
    abstract:
      'Quasi-elastic scattering on a garnet-type solid electrolyte to measure lithium jump rates and activation ' +
      'energies between 300 K and 600 K.',
    answers: { demo_aim: 'Measure lithium jump rates in LLZO' },
    // two samples, so the experiment's safety input can be filled with two (issue 29)
    samples: [
      { title: 'LLZO pellet', formula: 'Li7La3Zr2O12' },
      { title: 'Ta-doped LLZO powder', formula: 'Li6.4La3Zr1.4Ta0.6O12' },
    ],
  },
  {
    pi: 'coproposer',
    coProposers: ['applicant'],
    title: 'Protein hydration water dynamics',
    abstract:
      'Hydration water dynamics of lysozyme powders at three hydration levels, to separate the protein and ' +
      'water contributions to the dynamical transition.',
    answers: { demo_aim: 'Separate protein and water dynamics near 220 K' },
  },
];

/** The demo's instrument (the `scientist` account is its manager and scientist), on DEMO for 60 days. */
/** The demo's review panel (FAP): `chair`, `secretary` and `reviewer` work in it. */
export const DEMO_FAP = {
  code: 'DEMO-FAP',
  description: 'Demo panel for soft matter and biology',
  n: 1,
  guide:
    '<p>Grade 1 (outstanding) to 10 (not recommended): scientific merit, feasibility and the need for neutrons.</p>',
};

export const DEMO_INSTRUMENT = {
  name: 'D22 small-angle diffractometer',
  shortCode: 'D22',
  description: 'Small-angle neutron scattering for soft matter, biology and materials science',
  contact: 'd22@facility.example',
  availabilityTime: 60,
};

/** The demo's technique, on the demo instrument, with the `scientist` account as its scientist. */
export const DEMO_TECHNIQUE = {
  name: 'Small-angle scattering',
  shortCode: 'SAS',
  description: 'Structures from 1 to 300 nm: particles, pores, domains',
};

/** The internal review the officer asks of the `internal` account on the first demo proposal's technical review. */
export const DEMO_INTERNAL_REVIEW = {
  title: 'Second opinion on sample environment',
  comment: '<p>Please check that the cryostat can reach 10 K with this sample holder.</p>',
};

/** The demo's technical review template: its basis question (status, time, comments) on one step. */
export const DEMO_TECHNICAL_REVIEW_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.TECHNICAL_REVIEW,
  name: 'Demo technical review',
  description: 'Feasibility and time of a proposal on an instrument (seeded demo)',
  firstTopicTitle: 'Feasibility',
  firstTopicQuestions: [],
  topics: [],
  dependencies: [],
};

/** The demo call's experiment safety input (ESI) template: after its basis question, the hazards. */
export const DEMO_ESI_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.PROPOSAL_ESI,
  name: 'Demo experiment safety input',
  description: 'The safety input of a demo experiment (seeded demo)',
  firstTopicTitle: 'Experiment safety',
  firstTopicQuestions: [
    {
      naturalKey: 'demo_esi_hazards',
      dataType: DataType.TEXT_INPUT,
      question: 'Hazards brought to the experiment (chemicals, gases, equipment)',
      config: { required: true, max: 500 },
    },
  ],
  topics: [],
  dependencies: [],
};

/** The active sample ESI template: each sample brought to an experiment, its hazards. */
export const DEMO_SAMPLE_ESI_TEMPLATE: DemoTemplate = {
  groupId: TemplateGroupId.SAMPLE_ESI,
  name: 'Demo sample safety input',
  description: 'The safety input of a sample brought to a demo experiment (seeded demo)',
  firstTopicTitle: 'Sample safety',
  firstTopicQuestions: [
    {
      naturalKey: 'demo_sample_esi_hazards',
      dataType: DataType.TEXT_INPUT,
      question: 'Hazards of the sample',
      config: { required: true, max: 500 },
    },
  ],
  topics: [],
  dependencies: [],
};

/**
 * The demo's experiments on the demo instrument (issue 29): the proposals at these indexes of
 * DEMO_SUBMITTED_PROPOSALS are accepted (decision submitted, time allocated); the first gets an experiment next
 * week whose ESI its PI (`applicant`) has still to fill; the second one in two weeks whose ESI its PI
 * (`coproposer`) submitted and `scientist` accepted, so it waits for `safety`.
 */
export const DEMO_EXPERIMENTS = [
  { proposalIndex: 1, startsInDays: 7, days: 2, timeAllocation: 4, esi: null },
  {
    proposalIndex: 2,
    startsInDays: 14,
    days: 3,
    timeAllocation: 5,
    esi: { demo_esi_hazards: 'Lysozyme powders, D2O vapour; no toxic or flammable substances' },
  },
] as const;
