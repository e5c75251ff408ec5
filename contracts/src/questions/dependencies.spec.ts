import { DataType, DependenciesLogicOperator, EvaluatorOperator } from '../enums';
import {
  evaluateDependencies,
  normaliseOperator,
  validateDependencies,
  visibleQuestions,
  type Dependency,
  type DependencyGraphNode,
  type DependentField,
} from './dependencies';
import { questionTypeMessages as M } from './messages';

const { AND, OR } = DependenciesLogicOperator;

function dep(questionId: string, on: string, condition: 'eq' | 'neq', params: unknown): Dependency {
  return {
    questionId,
    dependencyId: on,
    dependencyNaturalKey: `${on}_key`,
    condition: { condition, params },
  };
}

function field(
  questionId: string,
  dataType: DataType,
  value: unknown,
  dependencies: Dependency[] = [],
  dependenciesOperator?: DependenciesLogicOperator,
): DependentField {
  return { questionId, naturalKey: `${questionId}_key`, dataType, value, dependencies, dependenciesOperator };
}

describe('evaluateDependencies', () => {
  const dataTypes = {
    bool: DataType.BOOLEAN,
    single: DataType.SELECTION_FROM_OPTIONS,
    multi: DataType.SELECTION_FROM_OPTIONS,
    instrument: DataType.INSTRUMENT_PICKER,
    technique: DataType.TECHNIQUE_PICKER,
    text: DataType.TEXT_INPUT,
  };
  const answers = {
    bool: true,
    single: ['yes'],
    multi: ['a', 'c'],
    instrument: { instrumentId: 4, timeRequested: 2 },
    technique: [1, 3],
    text: 'yes',
  };
  const visible = (dependencies: Dependency[], operator?: DependenciesLogicOperator) =>
    evaluateDependencies(dependencies, operator, answers, dataTypes);

  it('shows a question without dependencies', () => {
    expect(visible([])).toBe(true);
  });

  it.each<[string, 'eq' | 'neq', unknown, boolean]>([
    ['bool', 'eq', true, true],
    ['bool', 'eq', false, false],
    ['bool', 'neq', true, false],
    ['bool', 'neq', false, true],
    ['single', 'eq', 'yes', true],
    ['single', 'eq', 'no', false],
    ['single', 'neq', 'no', true],
    ['multi', 'eq', 'a', true],
    ['multi', 'eq', 'b', false],
    ['multi', 'neq', 'b', true],
    ['multi', 'neq', 'c', false],
    ['instrument', 'eq', 4, true],
    ['instrument', 'eq', '4', true],
    ['instrument', 'eq', 5, false],
    ['instrument', 'neq', 5, true],
    ['technique', 'eq', 3, true],
    ['technique', 'eq', 2, false],
    ['technique', 'neq', 2, true],
    ['technique', 'neq', 1, false],
  ])('%s %s %j → %s', (on, condition, params, expected) => {
    expect(visible([dep('q', on, condition, params)])).toBe(expected);
  });

  it('treats a dependency on a type that cannot be depended on as not satisfied', () => {
    expect(visible([dep('q', 'text', 'eq', 'yes')])).toBe(false);
  });

  it('treats an unanswered selection as matching neq only', () => {
    const unanswered = { ...answers, single: [] };
    expect(evaluateDependencies([dep('q', 'single', 'eq', 'yes')], AND, unanswered, dataTypes)).toBe(false);
    expect(evaluateDependencies([dep('q', 'single', 'neq', 'yes')], AND, unanswered, dataTypes)).toBe(true);
  });

  it('combines with AND by default and with OR on request', () => {
    const oneTrueOneFalse = [dep('q', 'bool', 'eq', true), dep('q', 'single', 'eq', 'no')];
    expect(visible(oneTrueOneFalse)).toBe(false);
    expect(visible(oneTrueOneFalse, AND)).toBe(false);
    expect(visible(oneTrueOneFalse, OR)).toBe(true);
    expect(visible([dep('q', 'bool', 'eq', false), dep('q', 'single', 'eq', 'no')], OR)).toBe(false);
  });

  it('resolves the depended-on question by natural key when dependencyId is absent', () => {
    const byKey: Dependency = {
      questionId: 'q',
      dependencyNaturalKey: 'the_bool',
      condition: { condition: EvaluatorOperator.eq, params: true },
    };
    expect(visible([byKey])).toBe(false);
    expect(
      evaluateDependencies([byKey], AND, answers, dataTypes, {
        questionIdByNaturalKey: { the_bool: 'bool' },
      }),
    ).toBe(true);
  });
});

describe('normaliseOperator', () => {
  it('resets to AND when at most one dependency remains, defaults to AND', () => {
    expect(normaliseOperator([dep('q', 'a', 'eq', true)], OR)).toBe(AND);
    expect(normaliseOperator([], OR)).toBe(AND);
    expect(normaliseOperator([dep('q', 'a', 'eq', true), dep('q', 'b', 'eq', true)], OR)).toBe(OR);
    expect(normaliseOperator([dep('q', 'a', 'eq', true), dep('q', 'b', 'eq', true)], null)).toBe(AND);
  });
});

describe('visibleQuestions', () => {
  it('hides a chain transitively: A → B → C', () => {
    const fields = [
      field('C', DataType.TEXT_INPUT, 'x', [dep('C', 'B', 'eq', true)]),
      field('B', DataType.BOOLEAN, true, [dep('B', 'A', 'eq', 'show')]),
      field('A', DataType.SELECTION_FROM_OPTIONS, ['hide']),
    ];
    // B is checked, but B is hidden because A is not "show": C is hidden as well.
    expect(visibleQuestions(fields)).toEqual({ A: true, B: false, C: false });
    fields[2] = field('A', DataType.SELECTION_FROM_OPTIONS, ['show']);
    expect(visibleQuestions(fields)).toEqual({ A: true, B: true, C: true });
  });

  it('a hidden dependency fails even neq', () => {
    const fields = [
      field('A', DataType.BOOLEAN, false),
      field('B', DataType.BOOLEAN, false, [dep('B', 'A', 'eq', true)]),
      field('C', DataType.TEXT_INPUT, '', [dep('C', 'B', 'neq', true)]),
    ];
    expect(visibleQuestions(fields)).toEqual({ A: true, B: false, C: false });
  });

  it('hides questions caught in a cycle instead of looping', () => {
    const fields = [
      field('A', DataType.BOOLEAN, true, [dep('A', 'B', 'eq', true)]),
      field('B', DataType.BOOLEAN, true, [dep('B', 'A', 'eq', true)]),
    ];
    expect(visibleQuestions(fields)).toEqual({ A: false, B: false });
  });
});

describe('validateDependencies', () => {
  const graph: DependencyGraphNode[] = [
    { questionId: 'A', naturalKey: 'a', dataType: DataType.BOOLEAN, dependencies: [] },
    {
      questionId: 'B',
      naturalKey: 'b',
      dataType: DataType.BOOLEAN,
      dependencies: [dep('B', 'A', 'eq', true)],
    },
    {
      questionId: 'C',
      naturalKey: 'c',
      dataType: DataType.SELECTION_FROM_OPTIONS,
      dependencies: [dep('C', 'B', 'eq', true)],
    },
    { questionId: 'T', naturalKey: 't', dataType: DataType.TEXT_INPUT, dependencies: [] },
    { questionId: 'I', naturalKey: 'i', dataType: DataType.INSTRUMENT_PICKER, dependencies: [] },
    { questionId: 'K', naturalKey: 'k', dataType: DataType.TECHNIQUE_PICKER, dependencies: [] },
  ];

  it('accepts dependencies on the dependable types', () => {
    expect(
      validateDependencies(
        'T',
        [
          dep('T', 'C', 'eq', 'x'),
          dep('T', 'I', 'eq', 1),
          dep('T', 'K', 'neq', 2),
          dep('T', 'A', 'eq', true),
        ],
        graph,
      ),
    ).toEqual([]);
  });

  it('rejects a dependency on itself', () => {
    expect(validateDependencies('A', [dep('A', 'A', 'eq', true)], graph)).toEqual([M.selfDependency]);
  });

  it('rejects a direct and a transitive cycle', () => {
    expect(validateDependencies('A', [dep('A', 'B', 'eq', true)], graph)).toEqual([M.circularDependency]);
    expect(validateDependencies('A', [dep('A', 'C', 'eq', 'x')], graph)).toEqual([M.circularDependency]);
  });

  it('rejects types that cannot be depended on', () => {
    expect(validateDependencies('A', [dep('A', 'T', 'eq', 'x')], graph)).toEqual([
      M.cannotBeDependedOn('TEXT_INPUT'),
    ]);
    expect(M.cannotBeDependedOn('TEXT_INPUT')).toBe('Questions of type TEXT_INPUT cannot be depended on');
  });

  it('rejects an unknown question', () => {
    expect(validateDependencies('A', [dep('A', 'Z', 'eq', true)], graph)).toEqual([M.unknownDependency]);
  });
});
