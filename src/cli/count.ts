/** Numbers as the command line prints them: digit groups, and a counted noun in the singular for 1. */

/**
 * `8,000`: a number with en-US digit groups, whatever the machine's locale.
 * @example formatNumber(8000) // '8,000'
 */
export const formatNumber = (n: number): string => n.toLocaleString('en-US');

/**
 * `1 row`, `2 rows`, `8,000 rows`: the noun in the singular for 1, else `plural` (by default the noun with an s).
 * @example count(1, 'row') // '1 row'
 */
export const count = (n: number, noun: string, plural = `${noun}s`): string =>
  `${formatNumber(n)} ${n === 1 ? noun : plural}`;
