/**
 * The pairings the service refuses beyond existence: records linked across owners (a depository and an account of
 * two legal entities, a user reading another client's reporting entity), and what applies to one instrument kind
 * only (a NAV, a commitment: funds). Each rule is worded once, here: the routes' create handlers refuse a request by
 * it (`data.relationships.depository: depository <id> belongs to another legal entity`), the tables' `add()` a seed
 * and `restoreSnapshot` a snapshot's record (`mock.store.accounts.add(): depositoryIds[0]: depository <id> belongs to
 * another legal entity`), so a record no call could make is not stored to break a read later.
 */
import type { ValidationIssue } from '../../core/validation-error.js';
import type { TableName } from './record-schemas.js';
import type { InstrumentRecord } from './records.js';

/** The only kind NAVs and commitments apply to. */
export const FUND = 'private-market-fund-commitment-based';

/**
 * `<label> <id> belongs to another <owner>` when the record's owner (`ownerId`: its legal entity's, client's or
 * reporting entity's id) is not `expected`; else undefined. The one wording of a link across owners.
 */
export function otherOwner(
  label: string,
  id: string,
  ownerId: unknown,
  expected: unknown,
  owner: 'legal entity' | 'client' | 'reporting entity',
): string | undefined {
  return ownerId === expected ? undefined : `${label} ${id} belongs to another ${owner}`;
}

/** `<what> apply to <FUND> instruments only; <id> is a <kind>` for an instrument of another kind; else undefined. */
export function notAFund(what: string, instrument: Pick<InstrumentRecord, 'id' | 'kind'>): string | undefined {
  return instrument.kind === FUND
    ? undefined
    : `${what} apply to ${FUND} instruments only; ${instrument.id} is a ${instrument.kind}`;
}

/** A record of a table by id (the store's, or a snapshot's being restored); undefined when there is none. */
export type Find = (table: TableName, id: string) => Record<string, unknown> | undefined;

type Row = Record<string, unknown>;

/**
 * The issues of a record of table `name` (and, for `add()`, its input's members that link records: a depository's
 * `accountIds`) whose linked records do not fit it, paths from `at`; every id it names is of a record `find` finds
 * (the references are checked first).
 */
export function misfits(find: Find, name: TableName, record: Row, at = '', input: Row = record): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const path = (member: string) => (at ? `${at}.${member}` : member);
  const check = (member: string, message: string | undefined) => {
    if (message) out.push({ path: path(member), message });
  };
  const clientOfLegalEntity = (id: string) => find('legalEntities', id)?.clientId as string | undefined;
  const ids = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);
  const legalEntityId = record.legalEntityId as string;
  /** The account or depository `id` names (at `member`) is the record's legal entity's, as every link finds them. */
  const sameLegalEntity = (member: string, id: unknown, table: 'accounts' | 'depositories') => {
    const linked = typeof id === 'string' ? find(table, id) : undefined;
    const label = table === 'accounts' ? 'account' : 'depository';
    check(member, linked && otherOwner(label, id as string, linked.legalEntityId, legalEntityId, 'legal entity'));
  };
  const clientId = record.clientId as string;
  switch (name) {
    case 'accounts':
      ids(record.depositoryIds).forEach((id, i) => {
        sameLegalEntity(`depositoryIds[${i}]`, id, 'depositories');
      });
      break;
    case 'depositories':
      ids(input.accountIds).forEach((id, i) => {
        sameLegalEntity(`accountIds[${i}]`, id, 'accounts');
      });
      break;
    case 'users':
      ids(record.readAccessToReportingEntities).forEach((id, i) => {
        const entity = find('reportingEntities', id);
        check(
          `readAccessToReportingEntities[${i}]`,
          entity && otherOwner('reporting entity', id, entity.clientId as string, clientId, 'client'),
        );
      });
      break;
    case 'limits': {
      const parent = typeof record.parentLimitId === 'string' ? find('limits', record.parentLimitId) : undefined;
      check(
        'parentLimitId',
        parent && otherOwner('limit', parent.id as string, parent.clientId as string, clientId, 'client'),
      );
      break;
    }
    case 'netAssetValues':
    case 'commitments': {
      const instrument = find('instruments', record.instrumentId as string) as InstrumentRecord | undefined;
      const what = name === 'commitments' ? 'commitments' : 'net asset values';
      check('instrumentId', instrument && notAFund(what, instrument));
      break;
    }
    case 'custodianAuthorities': {
      // The depositories and accounts an authority links are its legal entity's, as `link` and the consent find them.
      const links = [
        ['linkedDepositories', 'depositoryId', 'depositories'],
        ['linkedAccounts', 'accountId', 'accounts'],
      ] as const;
      for (const [member, key, table] of links)
        (Array.isArray(record[member]) ? (record[member] as Row[]) : []).forEach((entry, i) => {
          sameLegalEntity(`${member}[${i}].${key}`, entry[key], table);
        });
      break;
    }
    case 'positions': {
      // A portfolio's positions are kept on depositories of its client's legal entities.
      const depository =
        typeof record.depositoryId === 'string' ? find('depositories', record.depositoryId) : undefined;
      const portfolio = find('portfolios', record.portfolioId as string);
      // A position is its portfolio's reporting entity's: `add` sets it so (the input has none), a snapshot's must agree.
      if (portfolio && record.reportingEntityId !== undefined)
        check(
          'portfolioId',
          otherOwner(
            'portfolio',
            portfolio.id as string,
            portfolio.reportingEntityId,
            record.reportingEntityId,
            'reporting entity',
          ),
        );
      const entity = portfolio && find('reportingEntities', portfolio.reportingEntityId as string);
      if (depository && entity)
        check(
          'depositoryId',
          otherOwner(
            'depository',
            depository.id as string,
            clientOfLegalEntity(depository.legalEntityId as string),
            entity.clientId as string,
            'client',
          ),
        );
      break;
    }
  }
  return out;
}
