import { badInput } from '../../../platform/errors/app-error';

export const configNotJson = 'Config must be a JSON object';

/** A config given as JSON text (§7 "config as JSON"): an object, or nothing. */
export function parseConfig(config: string | null | undefined): Record<string, unknown> {
  if (config === undefined || config === null || config.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(config);
  } catch {
    throw badInput(configNotJson, { config: configNotJson });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badInput(configNotJson, { config: configNotJson });
  return parsed as Record<string, unknown>;
}
