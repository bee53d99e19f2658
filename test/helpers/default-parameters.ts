/**
 * The methods written with a parameter default in `files` (`  name(a, b = 1) {` at two spaces of indentation, the
 * signature possibly over several lines): a default stops a function's `length` short of the arguments it takes,
 * which the extra-argument wrappers read (src/core/api.ts `refuseExtraArgumentsOf`). Used for the mock store; the
 * client's methods are held more strongly by test/types/method-docs.test.ts (run-time `length` = declared parameters).
 */
import { readFileSync } from 'node:fs';

export function methodsWithDefaults(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^ {2}(?:async )?([a-zA-Z]\w*)\(([^)]*)\)[^{;]*\{$/gm))
      if (match[1] !== 'constructor' && /=(?!>)/.test(match[2] as string)) found.push(`${file}: ${match[1]}`);
  }
  return found;
}
