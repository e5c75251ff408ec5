/**
 * npm run schema:generate — writes contracts/schema.graphql from the code-first schema.
 * npm run schema:check    — fails when the committed SDL differs from what the api serves.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printApiSchema } from '../services/api/src/maintenance';

const file = join(__dirname, '..', 'contracts', 'schema.graphql');

async function main(mode: string): Promise<number> {
  const sdl = await printApiSchema();
  if (mode === 'write') {
    writeFileSync(file, sdl);
    console.log(`wrote ${file}`);
    return 0;
  }
  let committed: string;
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    console.error(`${file} is missing: run npm run schema:generate and commit it`);
    return 1;
  }
  if (committed === sdl) {
    console.log('contracts/schema.graphql matches the api');
    return 0;
  }
  const a = committed.split('\n');
  const b = sdl.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  console.error(
    `contracts/schema.graphql has drifted from the api (first difference at line ${line + 1}:\n  committed: ${a[line] ?? '<end>'}\n  api:       ${b[line] ?? '<end>'}).\nRun npm run schema:generate and commit the result.`,
  );
  return 1;
}

main(process.argv[2] ?? 'check')
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
