/**
 * The summary groups rows that failed the same way (outside audit: a refused token listed eight identical 401 lines,
 * a wrong port twenty ECONNREFUSED lines): one line per status and message, request ids left out, the lines as runs.
 */
import { describe, expect, it } from 'vitest';
import { problemGroups, type Summary } from '../../src/cli/main.js';

const refused = (line: number) => ({
  line,
  status: 'failed' as const,
  error: `POST https://r.test/api/v2/transactions failed with 401: the access token is not valid (request id id-${line})`,
});
const unreachable = (line: number) => ({
  line,
  status: 'failed' as const,
  error: 'POST https://r.test/api/v2/transactions: could not reach the service (connect ECONNREFUSED 127.0.0.1:9)',
});

describe('problemGroups', () => {
  it('one line for rows refused alike: consecutive lines as a run, the request ids left out', () => {
    expect(problemGroups([2, 3, 4, 5, 6, 7, 8, 9].map(refused))).toEqual([
      {
        rows: 8,
        text: 'lines 2–9 (8 rows): POST https://r.test/api/v2/transactions failed with 401: the access token is not valid',
      },
    ]);
  });

  it('a row alone keeps its message whole, request id included', () => {
    expect(problemGroups([refused(7)])).toEqual([
      {
        rows: 1,
        text: 'line 7: POST https://r.test/api/v2/transactions failed with 401: the access token is not valid (request id id-7)',
      },
    ]);
  });

  it('lines apart are listed, past six runs with …; other messages and statuses are groups of their own, by first line', () => {
    const problems: Summary['problems'] = [
      unreachable(2),
      { line: 3, status: 'in-doubt', error: 'POST https://r.test/api/v2/transactions failed with 502 (request id a)' },
      unreachable(4),
      unreachable(5),
      { line: 6, status: 'in-doubt', error: 'POST https://r.test/api/v2/transactions failed with 502 (request id b)' },
      { line: 7, status: 'failed', error: 'POST https://r.test/api/v2/transactions failed with 502 (request id c)' },
      ...[9, 11, 13, 15, 17, 18].map(unreachable),
    ];
    expect(problemGroups(problems).map((g) => g.text)).toEqual([
      'lines 2, 4–5, 9, 11, 13, 15, … (9 rows): POST https://r.test/api/v2/transactions: could not reach the service (connect ECONNREFUSED 127.0.0.1:9)',
      'lines 3, 6 (2 rows): in-doubt: POST https://r.test/api/v2/transactions failed with 502',
      'line 7: POST https://r.test/api/v2/transactions failed with 502 (request id c)',
    ]);
    expect(problemGroups(problems).map((g) => g.rows)).toEqual([9, 2, 1]);
  });
});
