/**
 * Legal entities, accounts and depositories: the ownership structure of a client's wealth. Each resource's
 * fields and relationships are written once; create and PATCH rules come from the same table.
 */
import type * as z from 'zod/mini';
import { f } from './fields.js';
import { createAttributes, defineResource, readSchema, rel, updateAttributes } from './resource.js';

export const legalEntityDef = defineResource(
  'legal-entity',
  { name: f.string() },
  // Set by the path on create; PATCH cannot move accounts, depositories or the entity itself.
  {
    accounts: rel.many('account', false),
    client: rel.one('client', false),
    depositories: rel.many('depository', false),
  },
);

export const accountDef = defineResource(
  'account',
  {
    name: f.optional(f.string()),
    externalIdentifier: f.string(),
    ccyCode: f.currency(),
    /** Default false; fixed at creation (bars some transaction kinds). */
    excludeFromReporting: f.optional(f.boolean()),
  },
  {
    /** Deprecated by the service in favour of `depositories`; still the relationship a create links with. */
    depository: rel.one('depository', 'optional'),
    depositories: rel.many('depository', false),
    legalEntity: rel.one('legal-entity', false),
  },
);

export const depositoryDef = defineResource(
  'depository',
  { name: f.optional(f.string()), externalIdentifier: f.string() },
  // A depository is created linked to exactly one existing account (checked by the resource).
  { legalEntity: rel.one('legal-entity', false), accounts: rel.many('account', 'required') },
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

/** A legal entity (`legal-entity`): owns accounts and depositories, belongs to a client. */
export type LegalEntity = z.infer<typeof legalEntitySchema>;
/**
 * An account (`account`). Its depositories come as `relationships.depositories`; the deprecated
 * `relationships.depository` holds the same single depository while the service still sends it.
 */
export type Account = z.infer<typeof accountSchema>;
/** A depository (`depository`) with its `legalEntity` and linked `accounts`. */
export type Depository = z.infer<typeof depositorySchema>;
/** The attributes of `clients.legalEntities.create`: `name`. */
export type LegalEntityCreateAttributes = z.input<typeof legalEntityCreateAttributes>;
/**
 * The attributes of `legalEntities.accounts.create`: `externalIdentifier`, `ccyCode`, and the optional `name` and
 * `excludeFromReporting`.
 */
export type AccountCreateAttributes = z.input<typeof accountCreateAttributes>;
/** The attributes of `legalEntities.depositories.create`: `externalIdentifier` and an optional `name`. */
export type DepositoryCreateAttributes = z.input<typeof depositoryCreateAttributes>;
/** The attributes of `legalEntities.update`: only `name` can change. */
export type LegalEntityUpdateAttributes = z.input<typeof legalEntityUpdateAttributes>;
/** The attributes of `accounts.update`: any of `name`, `externalIdentifier` and `ccyCode`. */
export type AccountUpdateAttributes = z.input<typeof accountUpdateAttributes>;
/** The attributes of `depositories.update`: any of `name` and `externalIdentifier`. */
export type DepositoryUpdateAttributes = z.input<typeof depositoryUpdateAttributes>;
