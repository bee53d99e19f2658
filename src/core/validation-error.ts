/**
 * The caller's input broke a known rule. On its own, beside the error base, so that the webhooks entry point
 * refuses its options with it without carrying the client's error classes.
 */
import { branded, PortfolioReportingError } from './error-base.js';

/** One broken rule of the caller's input. */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `attributes.couponFrequency`. */
  path: string;
  /** The rule broken, e.g. `must be a calendar date in the form YYYY-MM-DD`. */
  message: string;
}

/**
 * The most issues a `ValidationError` or `ResponseValidationError` keeps in `issues`; the rest are counted in
 * `omittedIssues` and named in the message. A page of 100,000 bad items costs an error of the same size as
 * one of 101. (README, Errors.)
 */
export const MAX_ISSUES = 100;
/** An issue's `path` is cut to this many characters (a hostile body can name a key of any length). */
export const MAX_ISSUE_PATH = 200;
/** An issue's `message` is cut to this many characters. */
export const MAX_ISSUE_MESSAGE = 1_000;
/** An error message lists issues up to this many characters, then says how many more there are. */
export const MAX_LISTED_CHARS = 6_000;

const OMITTED = Symbol('portfolio-reporting.omittedIssues');

/**
 * Internal: the entry that ends an issue list cut at `MAX_ISSUES`, standing for `count` issues left out. It
 * reads as an issue (`… and 5 more issues`) wherever it lands; the two error classes take it out of `issues`
 * and add its count to `omittedIssues`. It lets a cut list pass through code that concatenates lists.
 */
export function omittedIssues(count: number): ValidationIssue {
  // `… and N more issues`: the end of a list of none listed.
  const marker = { path: '', message: listIssues([], count) };
  Object.defineProperty(marker, OMITTED, { value: count, enumerable: false });
  return marker;
}

/** The first `MAX_ISSUES` issues, each cut to size, and how many more there were (markers included). */
export function boundIssues(issues: readonly ValidationIssue[]): { kept: ValidationIssue[]; omitted: number } {
  const kept: ValidationIssue[] = [];
  let omitted = 0;
  for (const issue of issues) {
    const marked = (issue as { [OMITTED]?: unknown })[OMITTED];
    if (typeof marked === 'number') omitted += marked;
    else if (kept.length < MAX_ISSUES) kept.push(clipIssue(issue));
    else omitted++;
  }
  return { kept, omitted };
}

function clipIssue(issue: ValidationIssue): ValidationIssue {
  const path = clip(String(issue.path), MAX_ISSUE_PATH);
  const message = clip(String(issue.message), MAX_ISSUE_MESSAGE);
  return path === issue.path && message === issue.message ? issue : { path, message };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * `a; b; c`, stopping before `MAX_LISTED_CHARS`, then `… and N more issues` for what was not listed (`noun` names
 * them otherwise: `… and N more errors` of an API error's). By default an issue is `path: message`, or the message
 * alone for the whole value (an empty path).
 */
export function listIssues(
  issues: readonly ValidationIssue[],
  omitted: number,
  show = (issue: ValidationIssue): string => (issue.path ? `${issue.path}: ${issue.message}` : issue.message),
  noun = 'issue',
): string {
  let text = '';
  let shown = 0;
  for (const issue of issues) {
    const part = show(issue);
    if (shown > 0 && text.length + 2 + part.length > MAX_LISTED_CHARS) break;
    text += shown > 0 ? `; ${part}` : part;
    shown++;
  }
  const rest = issues.length - shown + omitted;
  return rest > 0
    ? `${text}${shown > 0 ? '; ' : ''}… and ${rest.toLocaleString('en-US')} more ${noun}${rest === 1 ? '' : 's'}`
    : text;
}

/**
 * The caller's input broke a known rule; nothing was sent.
 * @example
 * catch (e) { if (e instanceof ValidationError) for (const i of e.issues) console.log(i.path, i.message) }
 */
export class ValidationError extends PortfolioReportingError {
  override name = 'ValidationError';
  /** The broken rules, each with the field's path: the first `MAX_ISSUES` (100) found. */
  readonly issues: ValidationIssue[];
  /** How many more issues were found than `issues` holds (0 unless more than 100 were found). */
  readonly omittedIssues: number;
  /** @param note Ends the message: `(nothing was sent)` for a call's input; empty for a constructor's options. */
  constructor(what: string, issues: readonly ValidationIssue[], note = '(nothing was sent)') {
    const { kept, omitted } = boundIssues(issues);
    super(`${what}: ${listIssues(kept, omitted)}${note ? ` ${note}` : ''}`);
    this.issues = kept;
    this.omittedIssues = omitted;
  }
}
branded(ValidationError, 'ValidationError');
