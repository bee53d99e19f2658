/**
 * A plain-text table for the examples' reports: a header, a rule, one line per row, columns padded to
 * their widest cell. Columns whose cells are all numbers (or formatted amounts) are right-aligned.
 */
export type Cell = string | number | boolean | null | undefined;

const NUMERIC = /^[-+−]?[\d,]+(\.\d+)?\s?%?$/;

function text(cell: Cell): string {
  if (cell === null || cell === undefined) return '—';
  if (typeof cell === 'number') return cell.toLocaleString('en-US', { maximumFractionDigits: 6 });
  return String(cell);
}

/**
 * Renders rows under headers, indented by two spaces.
 * @example console.log(table(['instrument', 'units'], [['SAP', 100], ['ASML', 40]]));
 */
export function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cells = rows.map((row) => headers.map((_, i) => text(row[i])));
  const right = headers.map(
    (_, i) => cells.length > 0 && cells.every((row) => row[i] === '—' || NUMERIC.test(row[i] as string)),
  );
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] as string).length)));
  const line = (values: readonly string[]) =>
    `  ${values.map((v, i) => (right[i] ? v.padStart(widths[i] as number) : v.padEnd(widths[i] as number))).join('  ')}`.trimEnd();
  const body = cells.length ? cells.map(line) : ['  (none)'];
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...body].join('\n');
}

/** An amount with two decimals and thousands separators. @example money(10150) // '10,150.00' */
export const money = (n: number | null | undefined): string =>
  n === null || n === undefined
    ? '—'
    : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A fraction as a percentage. @example percent(0.3125) // '31.3 %' */
export const percent = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : `${(n * 100).toFixed(1)} %`;

/** A section heading of a report. @example console.log(heading('Holdings')) */
export const heading = (title: string): string => `\n${title}\n${'='.repeat(title.length)}`;
