// mathjs types live in an ES module (its CommonJS build is what runs here): TS1479 under module node16;
// the import is typed all the same.
import {
  absDependencies,
  addDependencies,
  create,
  divideDependencies,
  eDependencies,
  expDependencies,
  isConstantNode,
  isFunctionNode,
  isOperatorNode,
  isParenthesisNode,
  isSymbolNode,
  log10Dependencies,
  logDependencies,
  multiplyDependencies,
  parseDependencies,
  piDependencies,
  powDependencies,
  sqrtDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  type MathNode,
  // eslint-disable-next-line @typescript-eslint/ban-ts-comment -- TS1479 under node16 only (the portal bundles it)
  // @ts-ignore TS1479 (see above)
} from 'mathjs';
import { object, string, ValidationError, type InferType } from 'yup';

import { unitMessages } from './messages';

/** The longest unit id, and name, quantity and symbol accepted. */
export const unitIdMax = 100;
export const unitTextMax = 255;
/** The longest conversion formula accepted (parsing stays cheap). */
export const unitFormulaMax = 500;
/** The format version `getUnitsAsJson` writes and `importUnits` reads (same major version). */
export const UNITS_EXPORT_VERSION = '1.0.0';
/** The most units one import file may hold. */
export const unitsImportMax = 5000;

/** Unit ids: letters, digits and underscore (they name the unit's stream, `unit-<id>`). */
export const unitIdPattern = /^[a-zA-Z0-9_]+$/;

/**
 * The unit form (§5): the quoted texts of `unitMessages`, and the rules the spec names without quoting a
 * text (not quoted in the spec).
 */
export const unitValidationMessages = {
  ...unitMessages,
  idPattern: 'Id may contain letters, numbers and underscore',
  idMax: `Id must be at most ${unitIdMax} characters long`,
  nameMax: `Name must be at most ${unitTextMax} characters long`,
  quantityMax: `Quantity must be at most ${unitTextMax} characters long`,
  symbolMax: `Symbol must be at most ${unitTextMax} characters long`,
  idTaken: 'A unit with this id already exists',
  conversionFormulaInvalid: 'The conversion formula is not valid: use x for the value, e.g. x * 1000',
  notFound: 'Unit not found',
} as const;

/** Import of units (not quoted in the spec). */
export const unitImportMessages = {
  notJson: 'The file is not valid JSON',
  noUnitList: 'The file has no list of units',
  noUnits: 'The file contains no units',
  tooManyUnits: `The file contains more than ${unitsImportMax} units`,
  noVersion: 'The file has no version',
  unsupportedVersion: (version: string) =>
    `Version ${version} cannot be imported: this system imports version ${UNITS_EXPORT_VERSION}`,
  notAUnit: 'Not a unit',
  duplicateInFile: 'The file contains this id more than once',
  inUnit: (index: number, id: string | null, message: string) =>
    `Unit ${index + 1}${id ? ` (${id})` : ''}: ${message}`,
  unresolved: (id: string) =>
    `The unit ${id} differs from the existing one: choose USE_NEW or USE_EXISTING for it`,
} as const;

/** What a conversion formula may use: the value `x`, the constants pi and e, arithmetic and these functions. */
const FORMULA_SYMBOLS: ReadonlySet<string> = new Set(['x', 'pi', 'e']);
const FORMULA_OPERATORS: ReadonlySet<string> = new Set([
  'add',
  'subtract',
  'multiply',
  'divide',
  'pow',
  'unaryMinus',
  'unaryPlus',
]);
const FORMULA_FUNCTIONS: ReadonlySet<string> = new Set(['sqrt', 'exp', 'log', 'log10', 'pow', 'abs']);

/**
 * A mathjs of only what a formula may use (the parser, the arithmetic, the functions and constants below), made on
 * the first formula: the whole library was 570 kB of each browser app's first script, evaluated at every start.
 */
const formulaMath = () =>
  create({
    parseDependencies,
    addDependencies,
    subtractDependencies,
    multiplyDependencies,
    divideDependencies,
    powDependencies,
    unaryMinusDependencies,
    unaryPlusDependencies,
    sqrtDependencies,
    expDependencies,
    logDependencies,
    log10Dependencies,
    absDependencies,
    piDependencies,
    eDependencies,
  });
let parser: ((formula: string) => MathNode) | null = null;
const parse = (formula: string): MathNode => {
  parser ??= formulaMath().parse;
  return parser(formula);
};

/** Only numbers, x, pi, e, + - * / ^, parentheses and the whitelisted functions; anything else is refused. */
function isAllowedNode(node: MathNode): boolean {
  if (isConstantNode(node)) return typeof node.value === 'number';
  if (isSymbolNode(node)) return FORMULA_SYMBOLS.has(node.name);
  if (isParenthesisNode(node)) return isAllowedNode(node.content);
  if (isOperatorNode(node)) return FORMULA_OPERATORS.has(node.fn) && node.args.every(isAllowedNode);
  if (isFunctionNode(node))
    return isSymbolNode(node.fn) && FORMULA_FUNCTIONS.has(node.fn.name) && node.args.every(isAllowedNode);
  return false;
}

const usesX = (node: MathNode): boolean => node.filter((n) => isSymbolNode(n) && n.name === 'x').length > 0;

/** a formula checked and compiled once: its evaluation, or null when it is refused */
type CompiledFormula = { evaluate(scope: { x: number }): unknown } | null;
const compiledFormulas = new Map<string, CompiledFormula>();
/** the formulas kept compiled (a facility has tens of units; the cache is emptied when it grows past this) */
const COMPILED_FORMULAS_MAX = 1000;

function compiledFormula(formula: string): CompiledFormula {
  const known = compiledFormulas.get(formula);
  if (known !== undefined) return known;
  let compiled: CompiledFormula = null;
  try {
    const node = parse(formula);
    if (isAllowedNode(node) && usesX(node)) compiled = node.compile();
  } catch {
    compiled = null;
  }
  if (compiledFormulas.size >= COMPILED_FORMULAS_MAX) compiledFormulas.clear();
  compiledFormulas.set(formula, compiled);
  return compiled;
}

/**
 * The SI value of `x` by a conversion formula: null unless the formula parses with mathjs, uses only what
 * `isAllowedNode` allows (never JS eval: the tree is checked before mathjs evaluates it), uses `x`, and gives
 * a finite number. A formula is parsed, checked and compiled once (every number and interval answer converts).
 */
export function evaluateConversionFormula(formula: string, x: number): number | null {
  if (formula.trim() === '' || formula.length > unitFormulaMax) return null;
  const compiled = compiledFormula(formula);
  if (!compiled) return null;
  try {
    const value: unknown = compiled.evaluate({ x });
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Whether `formula` is a conversion formula to SI: allowed (see above) and finite at x = 1. */
export const isValidConversionFormula = (formula: string): boolean =>
  evaluateConversionFormula(formula, 1) !== null;

const M = unitValidationMessages;

const unitText = (required: string, max: string) => string().trim().required(required).max(unitTextMax, max);

/** The fields of a unit as `createUnit` and an import file give them. */
const unitFields = {
  id: string()
    .trim()
    .required(M.idRequired)
    .max(unitIdMax, M.idMax)
    .matches(unitIdPattern, { message: M.idPattern, excludeEmptyString: true }),
  unit: unitText(M.nameRequired, M.nameMax),
  quantity: unitText(M.quantityRequired, M.quantityMax),
  symbol: unitText(M.symbolRequired, M.symbolMax),
  siConversionFormula: string()
    .trim()
    .required(M.conversionFormulaRequired)
    .test(
      'conversion-formula',
      M.conversionFormulaInvalid,
      (value) => value === undefined || isValidConversionFormula(value),
    ),
};

/** Input of `createUnit(id, unit, quantity, symbol, siConversionFormula)`; one unit of an import file. */
export const createUnitSchema = object(unitFields);

export type CreateUnitInput = InferType<typeof createUnitSchema>;

/** Input of `deleteUnit(id)`. */
export const deleteUnitSchema = object({
  id: string().trim().required(M.idRequired),
});

export type DeleteUnitInput = InferType<typeof deleteUnitSchema>;

/** An import file read: its version, the units that passed the unit rules, and every rule broken. */
export interface UnitsImportFile {
  version: string | null;
  exportDate: string | null;
  units: CreateUnitInput[];
  errors: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const majorOf = (version: string): string => version.split('.')[0];

/**
 * Reads the JSON of `getUnitsAsJson` (`{ version, exportDate, units: [...] }`) for `validateUnitsImport` and
 * `importUnits`: each unit is checked with the unit form's rules; an id given twice is an error.
 */
export function readUnitsImport(json: string): UnitsImportFile {
  const file: UnitsImportFile = { version: null, exportDate: null, units: [], errors: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ...file, errors: [unitImportMessages.notJson] };
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.units))
    return { ...file, errors: [unitImportMessages.noUnitList] };

  file.version = typeof parsed.version === 'string' ? parsed.version : null;
  file.exportDate = typeof parsed.exportDate === 'string' ? parsed.exportDate : null;
  if (file.version === null) file.errors.push(unitImportMessages.noVersion);
  else if (majorOf(file.version) !== majorOf(UNITS_EXPORT_VERSION))
    file.errors.push(unitImportMessages.unsupportedVersion(file.version));

  const units: unknown[] = parsed.units;
  if (units.length === 0) file.errors.push(unitImportMessages.noUnits);
  if (units.length > unitsImportMax) return { ...file, errors: [unitImportMessages.tooManyUnits] };

  const seen = new Set<string>();
  units.forEach((candidate, index) => {
    const rawId = isRecord(candidate) && typeof candidate.id === 'string' ? candidate.id.trim() : null;
    if (!isRecord(candidate)) {
      file.errors.push(unitImportMessages.inUnit(index, null, unitImportMessages.notAUnit));
      return;
    }
    try {
      const unit = createUnitSchema.validateSync(candidate, { abortEarly: false, stripUnknown: true });
      if (seen.has(unit.id)) {
        file.errors.push(unitImportMessages.inUnit(index, unit.id, unitImportMessages.duplicateInFile));
        return;
      }
      seen.add(unit.id);
      file.units.push(unit);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const messages = new Set((error.inner.length > 0 ? error.inner : [error]).map((e) => e.message));
      for (const message of messages) file.errors.push(unitImportMessages.inUnit(index, rawId, message));
    }
  });
  return file;
}
