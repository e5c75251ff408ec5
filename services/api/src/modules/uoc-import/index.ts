export {
  UocImporter,
  checkUocSource,
  eventIdOf,
  type ImportProblem,
  type UocImportReport,
} from './uoc-import';
export { SUPPORTED_PATCH_FILE, SUPPORTED_PATCH_ID, REQUIRED_COLUMNS, checkSourceSchema } from './uoc-schema';
