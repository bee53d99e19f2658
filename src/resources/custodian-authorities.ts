import { type API, segment } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import { extraArguments } from '../core/arity.js';
import { describe, mustBe } from '../core/describe.js';
import { APIUserAbortError, ValidationError, type ValidationIssue, WaitForStatusError } from '../core/errors.js';
import { checkArgument, checkKeys, checkSettings } from '../core/settings.js';
import type { RequestOptions } from '../core/transport.js';
import { CUSTODIAN_AUTHORITY_STATUSES, HASH_ALGORITHMS } from '../schemas/custodian-values.js';
import type {
  ConsentFile,
  ConsentParams,
  CustodianAuthorityStatus,
  LinkParams,
  RevokeResult,
} from '../schemas/custodians.js';
import type { CustodianAuthority } from '../schemas/kind-types.generated.js';
import { CustodianAuthorityFiles } from './custodian-authority-files.js';

/** States an authority never leaves: waiting on beyond them is pointless. */
const FINAL: ReadonlySet<string> = new Set(['revoked', 'cancelled']);

/** Options of `waitForStatus`. */
export interface WaitForStatusOptions {
  /** How long to wait in all, in ms. Default 300 000 (5 minutes). */
  timeout?: number;
  /** Pause between two retrievals, in ms. Default 2 000. */
  interval?: number;
  /** Stops waiting at once (an `APIUserAbortError`). */
  signal?: AbortSignal;
}

/**
 * Custodian authorities (`/api/v2/custodian-authorities`): upload proof files, consent, link numbers,
 * revoke, and wait for the operator and the custodian. Start one with `prs.legalEntities.custodianAuthorities.create`.
 * The reference marks the custodian authority endpoints "not yet available".
 */
export class CustodianAuthorities {
  /** The authority's proof files: upload and list. */
  readonly files: CustodianAuthorityFiles;

  constructor(private readonly api: API) {
    this.files = new CustodianAuthorityFiles(api);
  }

  /**
   * Retrieves one authority with its status, pending files and linked numbers.
   * @example
   * const authority = await prs.custodianAuthorities.retrieve(authorityId);
   * console.log(authority.attributes.status, authority.attributes.pendingFiles);
   */
  retrieve(authorityId: string, options?: RequestOptions): APIPromise<CustodianAuthority> {
    return this.api.call('custodianAuthorities.retrieve', { path: { id: authorityId } }, options);
  }

  /**
   * Gives consent (the authority must be in `waiting-for-consent`); `files` comes from `consentFiles()`.
   * `all` covers every number at the custodian and names none; `specific` names depository and/or account numbers.
   * @example
   * await prs.custodianAuthorities.consent(authorityId, {
   *   legalEntityIdentifier: 'CHE-123.456.789', custodianIdentifier: 'ubs', consentType: 'all',
   *   files: consentFiles(await prs.custodianAuthorities.files.list(authorityId)),
   * });
   */
  consent(authorityId: string, input: ConsentParams, options?: RequestOptions): APIPromise<void> {
    return this.api.call('custodianAuthorities.consent', { path: { id: authorityId }, body: input }, options);
  }

  /**
   * Asks to link a depository or account number to an authority of consent type `all` (no body; 204).
   * @example
   * await prs.custodianAuthorities.link(authorityId, { type: 'account', resourceNumber: '0123-456789-01' });
   */
  link(authorityId: string, query: LinkParams, options?: RequestOptions): APIPromise<void> {
    return this.api.call('custodianAuthorities.link', { path: { id: authorityId }, query }, options);
  }

  /**
   * Requests revocation: resolves to `{ authorityId, status: 'revoke-in-progress' }`; follow it
   * with `waitForStatus(id, 'revoked')`.
   * @example
   * const { status } = await prs.custodianAuthorities.revoke(authorityId);
   */
  revoke(authorityId: string, options?: RequestOptions): APIPromise<RevokeResult> {
    return this.api.call('custodianAuthorities.revoke', { path: { id: authorityId } }, options);
  }

  /**
   * Retrieves the authority every `interval` ms until its status is one of `status`, and resolves to it.
   * Fails with `WaitForStatusError` (carrying the last status seen) when `timeout` passes, or at once when
   * the authority reaches `revoked` or `cancelled` without either being awaited.
   * @example
   * await prs.custodianAuthorities.revoke(authorityId);
   * await prs.custodianAuthorities.waitForStatus(authorityId, 'revoked', { timeout: 60_000 });
   */
  async waitForStatus(
    authorityId: string,
    status: CustodianAuthorityStatus | readonly CustodianAuthorityStatus[],
    options?: WaitForStatusOptions,
  ): Promise<CustodianAuthority> {
    const what = 'custodianAuthorities.waitForStatus';
    // Checked here, so that a bad id is named as this method's (the path below would name the retrieve).
    segment(what, 'id', authorityId);
    checkKeys(what, options, ['timeout', 'interval', 'signal'], 'options');
    const { timeout = 300_000, interval = 2_000, signal } = options ?? {};
    if (signal !== undefined && !(signal instanceof AbortSignal))
      throw new ValidationError(what, [{ path: 'options.signal', message: mustBe('an AbortSignal', signal) }]);
    // Held as the client's timeouts are: a timer cannot wait longer (Node fires a longer one after 1 ms).
    const durations = { 'options.timeout': timeout, 'options.interval': interval };
    checkSettings(what, { durations }, { note: '(nothing was sent)' });
    const wanted = checkWait(what, status);
    const path = await this.api.path('custodianAuthorities.retrieve', { id: authorityId });
    const awaited = [...wanted].map((s) => `"${s}"`).join(' or ');
    const deadline = Date.now() + timeout;
    for (;;) {
      const authority = await this.retrieve(authorityId, { signal });
      const seen = authority.attributes.status;
      if (wanted.has(seen)) return authority;
      if (FINAL.has(seen)) {
        throw new WaitForStatusError(
          `${what}(${authorityId}): the authority reached "${seen}", a final state, while waiting for ${awaited}`,
          'final-state',
          seen,
          authority,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new WaitForStatusError(
          `${what}(${authorityId}): still "${seen}" after ${timeout} ms of waiting for ${awaited}`,
          'timeout',
          seen,
          authority,
        );
      }
      await sleep(
        Math.min(interval, left),
        signal,
        () => new APIUserAbortError({ method: 'GET', url: this.api.transport.url(path) }, { cause: signal?.reason }),
      );
    }
  }
}

function checkWait(what: string, status: unknown): Set<string> {
  const issues: ValidationIssue[] = [];
  const list: unknown[] = Array.isArray(status) ? status : [status];
  if (list.length === 0) issues.push({ path: 'status', message: 'must name at least one status' });
  list.forEach((s, i) => {
    if (!(CUSTODIAN_AUTHORITY_STATUSES as readonly unknown[]).includes(s)) {
      issues.push({
        path: Array.isArray(status) ? `status.${i}` : 'status',
        message: `must be one of ${CUSTODIAN_AUTHORITY_STATUSES.join(', ')}, got ${describe(s)}`,
      });
    }
  });
  if (issues.length) throw new ValidationError(what, issues);
  return new Set(list as string[]);
}

function sleep(ms: number, signal: AbortSignal | undefined, abortError: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Builds the consent's `files` from the uploaded files: each `hash` (`sha2-256:<hex>`) split into
 * `hashAlgorithm` and `hashValue`, with the file's `name`. Only `sha2-256` and `sha3-256` are accepted.
 * @example
 * const files = consentFiles(await prs.custodianAuthorities.files.list(authorityId));
 * // [{ name: 'power-of-attorney', hashAlgorithm: 'sha2-256', hashValue: '9f86d0…' }]
 */
export function consentFiles(files: readonly { attributes: { name: string; hash: string } }[]): ConsentFile[] {
  const what = 'consentFiles';
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments(what, arguments, 1, '');
  if (!Array.isArray(files))
    throw new ValidationError(
      what,
      [{ path: 'files', message: mustBe('an array of uploaded files (`custodianAuthorities.files.list`)', files) }],
      '',
    );
  const issues: ValidationIssue[] = [];
  const out: ConsentFile[] = [];
  // By index: a hole is named as a file missing, not skipped.
  for (let i = 0; i < files.length; i++) {
    checkArgument(what, files[i], `${i}`, '');
    const attributes: unknown = files[i]?.attributes;
    checkArgument(what, attributes, `${i}.attributes`, '');
    const { name, hash } = attributes as { name?: unknown; hash?: unknown };
    if (typeof name !== 'string') issues.push({ path: `${i}.attributes.name`, message: mustBe('a string', name) });
    const text = typeof hash === 'string' ? hash : '';
    const at = text.indexOf(':');
    const hashAlgorithm = text.slice(0, at);
    if (at < 0 || !(HASH_ALGORITHMS as readonly string[]).includes(hashAlgorithm)) {
      issues.push({
        path: `${i}.attributes.hash`,
        message: mustBe(`"<algorithm>:<hex digest>" with algorithm ${HASH_ALGORITHMS.join(' or ')}`, hash),
      });
    }
    out.push({ name, hashAlgorithm, hashValue: text.slice(at + 1) } as ConsentFile);
  }
  if (issues.length) throw new ValidationError(what, issues, '');
  return out;
}
