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
 * The caller's input broke a known rule; nothing was sent.
 * @example
 * catch (e) { if (e instanceof ValidationError) for (const i of e.issues) console.log(i.path, i.message) }
 */
export class ValidationError extends PortfolioReportingError {
  override name = 'ValidationError';
  /** Every broken rule, each with the field's path. */
  readonly issues: ValidationIssue[];
  /** @param note Ends the message: `(nothing was sent)` for a call's input; empty for a constructor's options. */
  constructor(what: string, issues: ValidationIssue[], note = '(nothing was sent)') {
    super(
      `${what}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}${note ? ` ${note}` : ''}`,
    );
    this.issues = issues;
  }
}
branded(ValidationError, 'ValidationError');
