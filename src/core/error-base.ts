/**
 * The base error class and the brand that makes `instanceof` work across duplicate copies of the SDK (ESM
 * and CJS both loaded). On its own so that the webhooks entry point carries it without the client's error
 * classes (each `branded(...)` call is a statement a bundler must keep once its module is imported).
 */

import { redact } from './secrets.js';

const BRAND = Symbol.for('portfolio-reporting.error');

/** Gives a class the cross-copy `instanceof`; exported for error classes beside the core (webhooks). */
export function branded<T extends abstract new (...args: never[]) => Error>(cls: T, name: string): T {
  Object.defineProperty(cls.prototype, BRAND, { value: name, enumerable: false });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: { prototype: object }, value: unknown): boolean {
      if (typeof value !== 'object' || value === null) return false;
      // Walk the brands of the value's class chain: `value instanceof APIError` holds for a NotFoundError.
      const wanted = (this.prototype as Record<symbol, unknown>)[BRAND];
      for (let p = Object.getPrototypeOf(value); p; p = Object.getPrototypeOf(p)) {
        if (Object.hasOwn(p, BRAND) && p[BRAND] === wanted) return true;
      }
      return false;
    },
  });
  return cls;
}

/**
 * The base class of every error thrown by the SDK.
 * @example
 * try { await prs.assets.retrieve(id) } catch (e) { if (e instanceof PortfolioReportingError) console.error(e.message) }
 */
export class PortfolioReportingError extends Error {
  override name = 'PortfolioReportingError';
  /**
   * What `JSON.stringify(error)` writes: `name`, `message` (an `Error`'s own member, which JSON skips) and the class's
   * own fields (`status`, `url`, `requestId`, `issues`, …), `headers` as a plain object; credentials masked as in the
   * message. Set by the client's errors (errors.ts), so declared only: `portfolio-reporting/webhooks` imported on its
   * own has no room for it in its 8 kB, and its errors have none.
   * @example
   * logger.error(JSON.stringify(error)); // {"name":"NotFoundError","message":"GET … failed with 404","status":404,…}
   */
  declare toJSON?: () => Record<string, unknown>;
  /** The message is masked once, here: every credential the SDK knows of, in any encoding (see secrets.ts). */
  constructor(message?: string, options?: ErrorOptions) {
    super(message === undefined ? message : redact(message), options);
  }
}
branded(PortfolioReportingError, 'PortfolioReportingError');
