/**
 * Legal entities, accounts and depositories: the ownership structure of a client's wealth. Each resource's
 * fields and relationships are written once; create and PATCH rules come from the same table.
 */
import type * as z from 'zod/mini';
import { f } from './fields.js';
import { createAttributes, defineResource, readSchema, rel, updateAttributes } from './resource.js';

export const legalEntityDef = defineResource(
  'legal-entity',
  {
    /** Name of the legal entity (a company or a person). */
    name: f.string(),
  },
  // Set by the path on create; PATCH cannot move accounts, depositories or the entity itself.
  {
    /** The accounts the legal entity owns; they stay with it. */
    accounts: rel.many('account', false),
    /** The client that owns the legal entity; it cannot move to another client. */
    client: rel.one('client', false),
    /** The depositories the legal entity owns; they stay with it. */
    depositories: rel.many('depository', false),
  },
);

export const accountDef = defineResource(
  'account',
  {
    /** An optional label. */
    name: f.optional(f.string()),
    /** The identifier the bank or custodian gives the account. */
    externalIdentifier: f.string(),
    /** Currency of the account: ISO 4217 code, e.g. `CHF`. Amounts of its transactions are in it. */
    ccyCode: f.currency(),
    /**
     * Default `false`; set on create only, it cannot be changed afterwards. When `true`, account interest, cash
     * transfer, fee, FX spot and refund transactions cannot be created for the account.
     */
    excludeFromReporting: f.optional(f.boolean()),
  },
  {
    /**
     * The linked depository. Deprecated by the service in favour of `depositories` (which holds the same single
     * depository meanwhile); still the relationship a create links with. Absent when no depository is linked.
     */
    depository: rel.one('depository', 'optional'),
    /** The linked depositories (many-to-many); absent when none is linked. */
    depositories: rel.many('depository', false),
    /** The legal entity that owns the account. */
    legalEntity: rel.one('legal-entity', false),
  },
);

export const depositoryDef = defineResource(
  'depository',
  {
    /** An optional label. */
    name: f.optional(f.string()),
    /** The identifier the bank or custodian gives the depository. */
    externalIdentifier: f.string(),
  },
  // A depository is created linked to exactly one existing account (checked by the resource).
  {
    /** The legal entity that owns the depository. */
    legalEntity: rel.one('legal-entity', false),
    /** The linked accounts; a create links exactly one existing account. */
    accounts: rel.many('account', 'required'),
  },
);

export const legalEntitySchema = readSchema(legalEntityDef);
export const accountSchema = readSchema(accountDef);
export const depositorySchema = readSchema(depositoryDef);

export const legalEntityCreateAttributes = createAttributes(legalEntityDef.fields);
export const accountCreateAttributes = createAttributes(accountDef.fields);
export const depositoryCreateAttributes = createAttributes(depositoryDef.fields);

export const legalEntityUpdateAttributes = updateAttributes(legalEntityDef.fields, ['name']);
export const accountUpdateAttributes = updateAttributes(accountDef.fields, ['name', 'externalIdentifier', 'ccyCode']);
export const depositoryUpdateAttributes = updateAttributes(depositoryDef.fields, ['name', 'externalIdentifier']);

/** The attributes of `clients.legalEntities.create`: `name`. */
export interface LegalEntityCreateAttributes extends z.input<typeof legalEntityCreateAttributes> {
  name: z.input<typeof legalEntityCreateAttributes>['name'];
}
/**
 * The attributes of `legalEntities.accounts.create`: `externalIdentifier`, `ccyCode`, and the optional `name` and
 * `excludeFromReporting`.
 */
export interface AccountCreateAttributes extends z.input<typeof accountCreateAttributes> {
  externalIdentifier: z.input<typeof accountCreateAttributes>['externalIdentifier'];
  ccyCode: z.input<typeof accountCreateAttributes>['ccyCode'];
}
/** The attributes of `legalEntities.depositories.create`: `externalIdentifier` and an optional `name`. */
export interface DepositoryCreateAttributes extends z.input<typeof depositoryCreateAttributes> {
  externalIdentifier: z.input<typeof depositoryCreateAttributes>['externalIdentifier'];
}
/** The attributes of `legalEntities.update`: only `name` can change. */
export interface LegalEntityUpdateAttributes extends z.input<typeof legalEntityUpdateAttributes> {
  name?: z.input<typeof legalEntityUpdateAttributes>['name'];
}
/** The attributes of `accounts.update`: any of `name`, `externalIdentifier` and `ccyCode`. */
export interface AccountUpdateAttributes extends z.input<typeof accountUpdateAttributes> {
  name?: z.input<typeof accountUpdateAttributes>['name'];
  externalIdentifier?: z.input<typeof accountUpdateAttributes>['externalIdentifier'];
  ccyCode?: z.input<typeof accountUpdateAttributes>['ccyCode'];
}
/** The attributes of `depositories.update`: any of `name` and `externalIdentifier`. */
export interface DepositoryUpdateAttributes extends z.input<typeof depositoryUpdateAttributes> {
  name?: z.input<typeof depositoryUpdateAttributes>['name'];
  externalIdentifier?: z.input<typeof depositoryUpdateAttributes>['externalIdentifier'];
}
