import {
  ConflictResolutionStrategy,
  DataType,
  DependenciesLogicOperator,
  EvaluatorOperator,
  questionMessages,
  questionType,
  questionTypeMessages,
  TEMPLATE_EXPORT_VERSION,
  TemplateCategoryId,
  TemplateGroupId,
  templateImportLimits,
  templateImportMessages as M,
  templateMessages,
  type TemplateFile,
  type TemplateFileQuestion,
} from '@user-office/contracts';
import { decideTemplate } from './template.decide';
import {
  canonicalJson,
  checkTemplateImport,
  compareQuestion,
  importedTemplateData,
  importLookupsOf,
  missingBasis,
  planQuestionImport,
  readTemplateImport,
  remapTemplateReferences,
  subTemplateIdsOf,
  templateFileOf,
  type ExportableTemplate,
  type TemplateImportFacts,
} from './template-import';
import { evolveTemplate, initialTemplateState } from './template.state';

const question = (
  id: string,
  dataType: DataType,
  config: Record<string, unknown> = {},
  categoryId = TemplateCategoryId.PROPOSAL,
): TemplateFileQuestion => ({
  id,
  naturalKey: id,
  question: `The ${id}`,
  dataType,
  categoryId,
  config: { ...(questionType(dataType).defaultConfig() as unknown as Record<string, unknown>), ...config },
});

const basis = question('proposal_basis', DataType.PROPOSAL_BASIS);
const yes = question('has_sample', DataType.BOOLEAN);
const details = question('details', DataType.TEXT_INPUT);
const samples = question('samples', DataType.GENERIC_TEMPLATE, { templateId: 7, esiTemplateId: 8 });
const genericBasis = question(
  'generic_template_basis',
  DataType.GENERIC_TEMPLATE_BASIS,
  {},
  TemplateCategoryId.GENERIC_TEMPLATE,
);
const sampleName = question('sample_name', DataType.TEXT_INPUT, {}, TemplateCategoryId.GENERIC_TEMPLATE);

const field = (
  q: TemplateFileQuestion,
  sortOrder: number,
  extra: Partial<ExportableTemplate['steps'][number]['fields'][number]> = {},
) => ({
  question: q,
  sortOrder,
  config: q.config,
  dependencies: [],
  dependenciesOperator: DependenciesLogicOperator.AND,
  ...extra,
});

/** a proposal template: the basis and a yes/no on a first topic, a text depending on it and samples on a second */
const source: ExportableTemplate = {
  templateId: 1,
  groupId: TemplateGroupId.PROPOSAL_QUESTIONARY,
  name: 'Proposal',
  description: 'For neutrons',
  steps: [
    // given out of order: the file is in topic order
    {
      topic: { title: 'Details', sortOrder: 1, isEnabled: false },
      fields: [
        field(samples, 1),
        field(details, 0, {
          config: { ...details.config, max: 10 },
          dependencies: [
            {
              questionId: 'details',
              dependencyId: 'has_sample',
              dependencyNaturalKey: 'has_sample',
              condition: { condition: EvaluatorOperator.eq, params: true },
            },
          ],
        }),
      ],
    },
    {
      topic: { title: 'New topic', sortOrder: 0, isEnabled: true },
      fields: [field(basis, 0), field(yes, 1)],
    },
  ],
};
const sub: ExportableTemplate = {
  templateId: 7,
  groupId: TemplateGroupId.GENERIC_TEMPLATE,
  name: 'Samples',
  description: '',
  steps: [
    {
      topic: { title: 'New topic', sortOrder: 0, isEnabled: true },
      fields: [field(genericBasis, 0), field(sampleName, 1)],
    },
  ],
};
const esi: ExportableTemplate = {
  ...sub,
  templateId: 8,
  name: 'ESI',
  steps: [{ ...sub.steps[0], fields: [] }],
};

const NOW = new Date('2030-01-02T03:04:05.000Z');
const exported = templateFileOf(
  { template: source, pdf: null },
  [
    { template: sub, pdf: null },
    { template: esi, pdf: null },
  ],
  NOW,
);
const json = JSON.stringify(exported);
const ALL = [basis, yes, details, samples, genericBasis, sampleName];

/** the facts of a system holding these questions (and templates) */
function factsOf(
  questions: readonly TemplateFileQuestion[],
  templateIds: number[] = [],
): TemplateImportFacts {
  return {
    existingQuestions: new Map(questions.map((q) => [q.id, q])),
    naturalKeyHolders: new Map(questions.map((q) => [q.naturalKey, q.id])),
    liveTemplateIds: new Set(templateIds),
  };
}
const check = (text: string, facts = factsOf([])) => checkTemplateImport(readTemplateImport(text), facts);
const errorsOf = async (text: string, facts = factsOf([])) => (await check(text, facts)).errors;
const edit = (change: (file: TemplateFile) => void): string => {
  const file = JSON.parse(json) as TemplateFile;
  change(file);
  return JSON.stringify(file);
};
const fieldOf = (file: TemplateFile, id: string) =>
  file.template.steps.flatMap((s) => s.fields).find((f) => f.question.id === id)!;

describe('the template file', () => {
  it('holds the version, the date, the template in topic order and its sub-templates with their ids', () => {
    expect(exported.version).toBe(TEMPLATE_EXPORT_VERSION);
    expect(exported.exportDate).toBe('2030-01-02T03:04:05.000Z');
    expect(exported.template.steps.map((s) => [s.topic.title, s.fields.map((f) => f.question.id)])).toEqual([
      ['New topic', ['proposal_basis', 'has_sample']],
      ['Details', ['details', 'samples']],
    ]);
    expect(exported.template.pdf).toBeNull();
    expect(exported.subTemplates.map((s) => [s.templateId, s.name])).toEqual([
      [7, 'Samples'],
      [8, 'ESI'],
    ]);
    const pdf = {
      templateData: 'a',
      templateHeader: 'b',
      templateFooter: 'c',
      templateSampleDeclaration: 'd',
      dummyData: '{}',
    };
    const layout = { ...source, groupId: TemplateGroupId.PDF, steps: [{ ...source.steps[1], fields: [] }] };
    expect(templateFileOf({ template: layout, pdf }, [], NOW).template.pdf).toEqual(pdf);
  });

  it('names the templates sub-template and sample questions use on the template, and remaps them', () => {
    expect(subTemplateIdsOf(source)).toEqual([7, 8]);
    expect(subTemplateIdsOf(sub)).toEqual([]);
    expect(remapTemplateReferences(DataType.GENERIC_TEMPLATE, samples.config, new Map([[7, 70]]))).toEqual({
      ...samples.config,
      templateId: 70,
    });
    expect(
      remapTemplateReferences(
        DataType.SAMPLE_DECLARATION,
        { templateId: 7, esiTemplateId: 8 },
        new Map([[8, 80]]),
      ),
    ).toEqual({ templateId: 7, esiTemplateId: 80 });
    expect(remapTemplateReferences(DataType.TEXT_INPUT, { templateId: 7 }, new Map([[7, 70]]))).toEqual({
      templateId: 7,
    });
  });
});

describe('comparing questions', () => {
  it('NEW without a live question of the id, SAME when equal whatever the key order, else DIFFERENT', () => {
    expect(compareQuestion(null, yes)).toMatchObject({
      status: 'NEW',
      conflictResolutionStrategy: 'USE_NEW',
    });
    const reordered = { ...yes, config: Object.fromEntries(Object.entries(yes.config).reverse()) };
    expect(canonicalJson(reordered.config)).toBe(canonicalJson(yes.config));
    expect(compareQuestion(reordered, yes)).toMatchObject({
      status: 'SAME',
      conflictResolutionStrategy: 'USE_EXISTING',
    });
    for (const changed of [
      { ...yes, naturalKey: 'other' },
      { ...yes, question: 'Other' },
      { ...yes, config: { ...yes.config, required: true } },
    ])
      expect(compareQuestion(changed, yes)).toMatchObject({
        existingQuestion: changed,
        newQuestion: yes,
        status: 'DIFFERENT',
        conflictResolutionStrategy: 'UNRESOLVED',
      });
  });
});

describe('reading and checking a file', () => {
  it('accepts its own export: every question once, compared with the live ones', async () => {
    const fresh = await check(json, factsOf([]));
    expect(fresh.errors).toEqual([]);
    expect(fresh.comparisons.map((c) => [c.newQuestion.id, c.status])).toEqual(
      ['proposal_basis', 'has_sample', 'details', 'samples', 'generic_template_basis', 'sample_name'].map(
        (id) => [id, 'NEW'],
      ),
    );
    const here = await check(json, factsOf([...ALL, { ...details, question: 'Changed' }]));
    expect(here.comparisons.map((c) => c.status)).toEqual([
      'SAME',
      'SAME',
      'DIFFERENT',
      'SAME',
      'SAME',
      'SAME',
    ]);
    expect(here.template?.steps.map((s) => s.fields.map((f) => f.question.id))).toEqual([
      ['proposal_basis', 'has_sample'],
      ['details', 'samples'],
    ]);
    expect(here.subTemplates.map((s) => s.templateId)).toEqual([7, 8]);
    expect(importLookupsOf(readTemplateImport(json))).toEqual({
      questionIds: ALL.map((q) => q.id),
      naturalKeys: ALL.map((q) => q.naturalKey),
      templateIds: [],
    });
  });

  it('refuses what is not a template file of a version it reads', async () => {
    expect(await errorsOf('{')).toEqual([M.notJson]);
    expect(await errorsOf('[]')).toEqual([M.notATemplate]);
    expect(await errorsOf(edit((f) => delete (f as Partial<TemplateFile>).version))).toEqual([M.noVersion]);
    expect(await errorsOf(edit((f) => (f.version = '2.0.0')))).toEqual([M.unsupportedVersion('2.0.0')]);
    expect(await errorsOf(edit((f) => (f.version = '1.4.2')))).toEqual([]);
    const many = JSON.stringify({
      ...exported,
      subTemplates: Array.from(
        { length: templateImportLimits.subTemplates + 1 },
        () => exported.subTemplates[0],
      ),
    });
    expect(await errorsOf(many)).toEqual([M.tooManySubTemplates]);
  });

  it('names every rule of shape broken, with where it is', async () => {
    expect(await errorsOf(edit((f) => Object.assign(f.template, { groupId: 'NOPE', name: '' })))).toEqual([
      M.unknownGroup('NOPE'),
      M.inTemplate(templateMessages.nameRequired),
    ]);
    expect(await errorsOf(edit((f) => (f.template.steps = [])))).toEqual([M.noTopics]);
    expect(
      await errorsOf(edit((f) => Object.assign(f.template.steps[1].topic, { isEnabled: 'yes' }))),
    ).toEqual([M.inTopic(1, 'Details', M.topicInvalid)]);
    expect(
      await errorsOf(
        edit((f) =>
          Object.assign(fieldOf(f, 'has_sample').question, {
            id: 'has space',
            dataType: 'NOPE',
            categoryId: 'X',
          }),
        ),
      ),
    ).toEqual([
      M.inQuestion(1, 'has_sample', M.questionIdInvalid),
      M.inQuestion(1, 'has_sample', M.unknownDataType('NOPE')),
      M.inQuestion(1, 'has_sample', M.unknownCategory('X')),
      // the text depending on it finds it no more
      M.inQuestion(2, 'details', M.dependencyOnUnknown('has_sample')),
    ]);
    expect(
      await errorsOf(edit((f) => (fieldOf(f, 'details').dependenciesOperator = 'XOR' as never))),
    ).toEqual([M.inQuestion(2, 'details', M.operatorInvalid)]);
    expect(
      await errorsOf(edit((f) => delete (f.subTemplates[0] as { templateId?: number }).templateId)),
    ).toEqual([
      M.inSubTemplate(0, 'Samples', M.subTemplateIdInvalid),
      M.inQuestion(3, 'samples', M.subTemplateUnknown(7)),
    ]);
    expect(await errorsOf(edit((f) => (f.subTemplates[1].templateId = 7)))).toEqual([
      M.inSubTemplate(1, 'ESI', M.subTemplateTwice),
      M.inQuestion(3, 'samples', M.subTemplateUnknown(8)),
    ]);
  });

  it('checks keys, texts and configs by the question form, and configs on the template by the type', async () => {
    expect(
      await errorsOf(
        edit((f) => {
          Object.assign(fieldOf(f, 'has_sample').question, { naturalKey: 'bad key', question: ' ' });
          fieldOf(f, 'details').question.config.min = -1;
          fieldOf(f, 'samples').config.maxEntries = 0;
        }),
      ),
    ).toEqual([
      M.inQuestion(1, 'bad key', questionMessages.naturalKeyPattern),
      M.inQuestion(1, 'bad key', questionMessages.questionRequired),
      M.inQuestion(2, 'details', M.config(questionMessages.valueAtLeastZero)),
      M.inQuestion(3, 'samples', M.configOnTemplate(questionTypeMessages.configMaxAtLeastOne)),
    ]);
  });

  it('refuses a NEW question the key of another live question, or two questions of the file one key', async () => {
    const holder = { ...details, id: 'someone_else' };
    expect(await errorsOf(json, factsOf([holder]))).toEqual([
      M.inQuestion(2, 'details', questionMessages.naturalKeyUsed),
    ]);
    // an existing question may keep it (USE_NEW is checked on import)
    expect(await errorsOf(json, factsOf([details, holder]))).toEqual([]);
    expect(await errorsOf(edit((f) => (fieldOf(f, 'details').question.naturalKey = 'has_sample')))).toEqual([
      M.inQuestion(2, 'has_sample', M.naturalKeyTwice('has_sample')),
    ]);
  });

  it('refuses a question given twice, given differently, of another type or category, or a foreign basis', async () => {
    expect(await errorsOf(edit((f) => f.template.steps[1].fields.push(fieldOf(f, 'has_sample'))))).toEqual([
      M.inQuestion(4, 'has_sample', M.questionTwiceOnTemplate),
    ]);
    expect(
      await errorsOf(
        edit((f) => {
          const given = f.subTemplates[0].steps[0].fields[1];
          f.subTemplates[1].steps[0].fields.push({
            ...given,
            question: { ...given.question, question: 'Other' },
          });
        }),
      ),
    ).toEqual([M.inSubTemplate(1, 'ESI', M.inQuestion(0, 'sample_name', M.questionGivenDifferently))]);
    expect(await errorsOf(json, factsOf([{ ...details, dataType: DataType.RICH_TEXT_INPUT }]))).toEqual([
      M.inQuestion(2, 'details', M.existsAsOther(DataType.RICH_TEXT_INPUT, TemplateCategoryId.PROPOSAL)),
    ]);
    expect(
      await errorsOf(
        edit((f) => {
          fieldOf(f, 'proposal_basis').question = {
            ...question('sample_basis', DataType.SAMPLE_BASIS),
            categoryId: TemplateCategoryId.PROPOSAL,
          };
        }),
      ),
    ).toEqual([M.inQuestion(0, 'sample_basis', M.basisWrongType(DataType.PROPOSAL_BASIS))]);
    expect(
      await errorsOf(
        edit((f) => (f.subTemplates[1].steps[0].fields = [{ ...fieldOf(f, 'has_sample'), sortOrder: 0 }])),
      ),
    ).toEqual([M.inSubTemplate(1, 'ESI', M.inQuestion(0, 'has_sample', M.wrongCategory))]);
  });

  it('takes dependencies on questions of the same template only, by the rules of dependencies', async () => {
    const dependency = (change: Record<string, unknown>) =>
      edit((f) => Object.assign(fieldOf(f, 'details').dependencies[0], change));
    expect(
      await errorsOf(dependency({ dependencyId: 'sample_name', dependencyNaturalKey: 'sample_name' })),
    ).toEqual([M.inQuestion(2, 'details', M.dependencyOnUnknown('sample_name'))]);
    // by natural key when the id is unknown
    const byKey = await check(dependency({ dependencyId: 'old_id' }));
    expect(byKey.errors).toEqual([]);
    expect(byKey.template?.steps[1].fields[0].dependencies[0]).toMatchObject({ dependencyId: 'has_sample' });
    expect(await errorsOf(dependency({ dependencyId: 'details', dependencyNaturalKey: 'details' }))).toEqual([
      M.inQuestion(2, 'details', M.dependency(questionTypeMessages.selfDependency)),
    ]);
    expect(await errorsOf(dependency({ dependencyId: 'samples', dependencyNaturalKey: 'samples' }))).toEqual([
      M.inQuestion(
        2,
        'details',
        M.dependency(questionTypeMessages.cannotBeDependedOn(DataType.GENERIC_TEMPLATE)),
      ),
    ]);
    expect(await errorsOf(dependency({ condition: { condition: 'gt', params: 1 } }))).toEqual([
      M.inQuestion(2, 'details', M.dependency(M.conditionInvalid)),
    ]);
    const circular = edit((f) =>
      fieldOf(f, 'has_sample').dependencies.push({
        questionId: 'has_sample',
        dependencyId: 'details',
        dependencyNaturalKey: 'details',
        condition: { condition: EvaluatorOperator.eq, params: 'x' },
      }),
    );
    expect(await errorsOf(circular)).toEqual(
      expect.arrayContaining([
        M.inQuestion(1, 'has_sample', M.dependency(questionTypeMessages.circularDependency)),
      ]),
    );
  });

  it('needs the sub-templates used in the file or live, and a PDF template its layout', async () => {
    const withoutEsi = edit((f) => (f.subTemplates = f.subTemplates.slice(0, 1)));
    expect(await errorsOf(withoutEsi)).toEqual([M.inQuestion(3, 'samples', M.subTemplateUnknown(8))]);
    expect(importLookupsOf(readTemplateImport(withoutEsi)).templateIds).toEqual([8]);
    expect(await errorsOf(withoutEsi, factsOf([], [8]))).toEqual([]);
    const pdf = JSON.stringify({
      ...exported,
      template: {
        ...exported.template,
        groupId: TemplateGroupId.PDF,
        steps: [{ ...exported.template.steps[0], fields: [] }],
      },
      subTemplates: [],
    });
    expect(await errorsOf(pdf)).toEqual([M.pdfMissing]);
  });
});

describe('planning the questions of an import', () => {
  const comparisons = [
    compareQuestion(null, yes),
    compareQuestion(details, details),
    compareQuestion({ ...samples, naturalKey: 'samples_here', question: 'Here' }, samples),
  ];
  const none = new Map<string, ConflictResolutionStrategy>();

  it('creates NEW questions, keeps SAME ones and needs a choice for DIFFERENT ones', () => {
    expect(planQuestionImport(comparisons, none, new Map()).errors).toEqual([M.unresolved('samples')]);
    expect(
      planQuestionImport(
        comparisons,
        new Map([['samples', ConflictResolutionStrategy.UNRESOLVED]]),
        new Map(),
      ).errors,
    ).toEqual([M.unresolved('samples')]);
    const kept = planQuestionImport(
      comparisons,
      new Map([['samples', ConflictResolutionStrategy.USE_EXISTING]]),
      new Map(),
    );
    expect(kept).toEqual({
      writes: [{ kind: 'create', question: yes }],
      naturalKeys: new Map([
        ['has_sample', 'has_sample'],
        ['details', 'details'],
        ['samples', 'samples_here'],
      ]),
      errors: [],
    });
  });

  it('replaces a question with USE_NEW unless another question holds its key', () => {
    const replaced = planQuestionImport(
      comparisons,
      new Map([
        ['samples', ConflictResolutionStrategy.USE_NEW],
        ['details', ConflictResolutionStrategy.USE_NEW],
      ]),
      new Map([['samples_here', 'samples']]),
    );
    expect(replaced.writes).toEqual([
      { kind: 'create', question: yes },
      { kind: 'update', question: samples },
    ]);
    expect(replaced.naturalKeys.get('samples')).toBe('samples');
    expect(
      planQuestionImport(
        comparisons,
        new Map([['samples', ConflictResolutionStrategy.USE_NEW]]),
        new Map([['samples', 'someone_else']]),
      ).errors,
    ).toEqual([M.naturalKeyHeld('samples', 'samples')]);
  });
});

describe('building an imported template', () => {
  it('is the template of the file under new ids, references remapped, keys as after the import', async () => {
    const checked = await check(json, factsOf(ALL));
    const template = checked.template!;
    expect(missingBasis(template)).toBeNull();
    const data = importedTemplateData(
      template,
      { templateId: 50, topicIds: [60, 61] },
      new Map([
        [7, 70],
        [8, 80],
      ]),
      new Map([['has_sample', 'has_sample_renamed']]),
      null,
    );
    expect(data).toMatchObject({
      templateId: 50,
      groupId: TemplateGroupId.PROPOSAL_QUESTIONARY,
      name: 'Proposal',
      description: 'For neutrons',
      origin: 'imported',
      sourceTemplateId: null,
      pdf: null,
      topics: [
        { topicId: 60, title: 'New topic', sortOrder: 0, isEnabled: true },
        { topicId: 61, title: 'Details', sortOrder: 1, isEnabled: false },
      ],
    });
    expect(data.fields.map((f) => [f.questionId, f.topicId, f.sortOrder])).toEqual([
      ['proposal_basis', 60, 0],
      ['has_sample', 60, 1],
      ['details', 61, 0],
      ['samples', 61, 1],
    ]);
    expect(data.fields[2]).toMatchObject({
      config: { max: 10 },
      dependencies: [
        {
          questionId: 'details',
          dependencyId: 'has_sample',
          dependencyNaturalKey: 'has_sample_renamed',
          condition: { condition: 'eq', params: true },
        },
      ],
      dependenciesOperator: DependenciesLogicOperator.AND,
    });
    expect(data.fields[3].config).toMatchObject({ templateId: 70, esiTemplateId: 80 });
    // the template decider takes it as it is, and the state holds the same structure
    const [event] = decideTemplate({ type: 'CreateTemplate', template: data }, initialTemplateState);
    const state = evolveTemplate(initialTemplateState, event);
    expect(state.fields.map((f) => f.questionId)).toEqual([
      'proposal_basis',
      'has_sample',
      'details',
      'samples',
    ]);
  });

  it('puts the basis question of the group first when the file lacks it', async () => {
    const checked = await check(
      edit((f) => (f.template.steps[0].fields = f.template.steps[0].fields.slice(1))),
      factsOf(ALL),
    );
    expect(checked.errors).toEqual([]);
    expect(missingBasis(checked.template!)).toBe(DataType.PROPOSAL_BASIS);
    const data = importedTemplateData(
      checked.template!,
      { templateId: 50, topicIds: [60, 61] },
      new Map(),
      new Map(),
      { questionId: 'proposal_basis', config: basis.config },
    );
    expect(data.fields.filter((f) => f.topicId === 60).map((f) => [f.questionId, f.sortOrder])).toEqual([
      ['proposal_basis', 0],
      ['has_sample', 1],
    ]);
  });
});
