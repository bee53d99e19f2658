/**
 * `POST /custodian-authorities/:id/consent`: accepted only in waiting-for-consent. The files must match
 * the uploaded ones by name and hash; `all` carries no numbers and is unique per legal entity and
 * custodian; `specific` numbers must not overlap another live authority's.
 */

import { isObject } from '../../core/is-object.js';
import { Fields } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { badRequest, conflict } from '../http/errors.js';
import { ENDED } from '../store/custodians.js';
import type { CustodianAuthorityRecord } from '../store/records.js';

const HASH_ALGORITHMS = ['sha2-256', 'sha3-256'] as const;

/** The consent fields: the reference lists them as `data` fields; `data.attributes` is accepted too. */
async function fieldsOf(ctx: Ctx): Promise<Record<string, unknown>> {
  const body = await ctx.json();
  if (!isObject(body) || !isObject(body.data))
    throw badRequest(
      'the consent body must be a document { data: { legalEntityIdentifier, custodianIdentifier, consentType, files, … } }',
    );
  return isObject(body.data.attributes) ? body.data.attributes : body.data;
}

function strings(f: Fields, name: string): string[] {
  const value = f.values[name];
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '')) return value as string[];
  f.fail(name, 'must be a list of non-empty strings');
  return [];
}

function checkFiles(ctx: Ctx, authority: CustodianAuthorityRecord, f: Fields): void {
  const files = f.values.files;
  if (!Array.isArray(files)) {
    f.fail('files', 'is required: a list of { name, hashAlgorithm, hashValue }');
    return;
  }
  const uploaded = ctx.store.custodianAuthorityFiles.of(authority.id);
  files.forEach((entry, i) => {
    const g = new Fields(isObject(entry) ? entry : {}, `data.files[${i}]`);
    const name = g.string('name');
    const algorithm = g.oneOf('hashAlgorithm', HASH_ALGORITHMS);
    const value = g.string('hashValue');
    g.done();
    if (!uploaded.some((u) => u.name === name && u.hash === `${algorithm}:${value?.toLowerCase()}`)) {
      f.issue(`data.files[${i}] does not match an uploaded file: no file "${name}" with hash ${algorithm}:${value}`);
    }
  });
  const named = new Set(files.map((e) => (isObject(e) ? e.name : undefined)));
  for (const name of ctx.store.authFlows.expect(authority.custodianAuthFlowId).expectedFiles) {
    if (!named.has(name)) f.issue(`data.files must list the uploaded file "${name}"`);
  }
}

export async function consent(ctx: Ctx, authority: CustodianAuthorityRecord): Promise<void> {
  const f = new Fields(await fieldsOf(ctx), 'data');
  if (authority.status !== 'waiting-for-consent')
    throw conflict(
      `custodian authority ${authority.id} is ${authority.status}; consent is accepted only while waiting-for-consent`,
    );
  const legalEntityIdentifier = f.string('legalEntityIdentifier') as string;
  const custodianIdentifier = f.string('custodianIdentifier');
  const consentType = f.oneOf('consentType', ['all', 'specific'] as const);
  const depositoryNumbers = strings(f, 'depositoryNumbers');
  const accountNumbers = strings(f, 'accountNumbers');
  const custodian = ctx.store.custodians.expect(authority.custodianId);
  if (custodianIdentifier !== undefined && custodianIdentifier !== custodian.identifier) {
    f.fail(
      'custodianIdentifier',
      `must be "${custodian.identifier}", the custodian of this authority; got "${custodianIdentifier}"`,
    );
  }
  checkFiles(ctx, authority, f);
  if (consentType === 'all' && (f.values.depositoryNumbers !== undefined || f.values.accountNumbers !== undefined)) {
    f.issue(
      'data.depositoryNumbers and data.accountNumbers must be omitted for consent type "all" (it covers every depository and account)',
    );
  }
  if (consentType === 'specific' && !depositoryNumbers.length && !accountNumbers.length) {
    f.issue('consent type "specific" needs depositoryNumbers or accountNumbers');
  }
  f.done();

  const others = ctx.store.custodianAuthorities.where(
    (a) =>
      a.id !== authority.id &&
      a.legalEntityId === authority.legalEntityId &&
      a.custodianId === authority.custodianId &&
      !ENDED.includes(a.status) &&
      a.consent !== undefined,
  );
  if (consentType === 'all') {
    const clash = others.find((a) => a.consent?.consentType === 'all');
    if (clash)
      throw badRequest(
        `legal entity ${authority.legalEntityId} already has an authority with consent type "all" for custodian ${custodian.identifier} (${clash.id}); only one is allowed`,
      );
  } else {
    const taken = new Set(
      others.flatMap((a) => [
        ...numbersOf(a),
        ...(a.consent?.depositoryNumbers ?? []),
        ...(a.consent?.accountNumbers ?? []),
      ]),
    );
    const overlap = [...depositoryNumbers, ...accountNumbers].filter((n) => taken.has(n));
    if (overlap.length)
      throw badRequest(
        `the numbers ${overlap.join(', ')} overlap an existing authority of this legal entity and custodian; specific authorities must not overlap`,
      );
  }

  authority.consent = {
    consentType: consentType as 'all' | 'specific',
    legalEntityIdentifier,
    depositoryNumbers,
    accountNumbers,
  };
  authority.linkedDepositories = depositoryNumbers.map((n) => ({
    depositoryNumber: n,
    depositoryId: null,
    status: 'in-progress',
  }));
  authority.linkedAccounts = accountNumbers.map((n) => ({ accountNumber: n, accountId: null, status: 'in-progress' }));
  authority.status = 'awaiting-operator';
}

const numbersOf = (a: CustodianAuthorityRecord) => [
  ...a.linkedDepositories.map((e) => e.depositoryNumber),
  ...a.linkedAccounts.map((e) => e.accountNumber),
];
