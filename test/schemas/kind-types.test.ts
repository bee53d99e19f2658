/**
 * The named types of every kind and of every other resource (src/schemas/kind-types.generated.ts, written by
 * scripts/generate-kind-types.ts from the kind tables and the response schemas) are what the script writes from
 * today's tables and schemas, and cost the bundles nothing: the module
 * declares types only, and the descriptions it is written from (src/schemas/kind-descriptions.ts) are imported by
 * no module of the SDK. That each named type equals what it extends, and redeclares its required members, is held
 * by test/types/named.test-d.ts and test/types/required-members.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateKindTypes, KIND_TYPES_FILE } from '../../scripts/generate-kind-types.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const sources = (readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join(SRC, file));

describe('the named types of the kinds', () => {
  it('are what scripts/generate-kind-types.ts writes from the kind tables', () => {
    expect(readFileSync(KIND_TYPES_FILE, 'utf8'), 'stale: run npm run generate').toBe(generateKindTypes());
  });

  it('are declarations only, and their descriptions are read by the script alone (the bundles carry neither)', () => {
    const statements = readFileSync(KIND_TYPES_FILE, 'utf8')
      .split('\n')
      .filter((line) => /^(import|export)\b/.test(line));
    expect(statements.filter((line) => !/^(import type \{|export interface \w+)/.test(line))).toEqual([]);
    const importers = sources.filter((file) =>
      /from '[./]*(schemas\/)?kind-descriptions\.js'/.test(readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => relative(SRC, file))).toEqual([]);
  });
});
