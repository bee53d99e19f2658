/**
 * Custodians and custodian authorities: the authorisation by which the operator obtains data access from a
 * custodian for a legal entity, its uploaded proof files, and the consent, link and revoke requests.
 */
import * as z from 'zod/mini';
import { CUSTODIAN_AUTHORITY_STATUSES, HASH_ALGORITHMS } from './custodian-values.js';
import { f, type KeptObject, keptObject, rule } from './fields.js';
import { type ResourceDef, readSchema, rel } from './resource.js';

export const custodianDef = {
  type: 'custodian',
  fields: {
    /** Unique slug of the custodian: the consent's `custodianIdentifier`. */
    identifier: f.string(),
    /** Name of the custodian. */
    name: f.string(),
    /** Country of the custodian: a country code (ISO 3166-1 alpha-2, e.g. `CH`). */
    country: f.country(),
  },
  relationships: {},
} as const satisfies ResourceDef;
export const custodianSchema = readSchema(custodianDef);

const status = f.enum(CUSTODIAN_AUTHORITY_STATUSES);
/** A custodian authority status; other strings the service may add pass through. */
export type CustodianAuthorityStatus = (typeof CUSTODIAN_AUTHORITY_STATUSES)[number];
const linkStatus = f.enum(['in-progress', 'active']);

export const custodianAuthorityDef = {
  type: 'custodian-authority',
  fields: {
    /**
     * Where the authority is in its lifecycle: `waiting-for-files`, `waiting-for-consent`, `awaiting-operator`,
     * `awaiting-custodian`, `active`, `revoke-in-progress`, `revoked` or `cancelled`.
     */
    status,
    /**
     * Names of the files still to upload (from the auth flow's `expectedFiles`); empty unless `status` is
     * `waiting-for-files`.
     */
    pendingFiles: f.array(f.string()),
    /** The depositories linked so far, or being linked. */
    linkedDepositories: f.array(
      f.object({
        /** The depository's number at the custodian. */
        depositoryNumber: f.string(),
        /** The depository's id; `null` while `status` is `in-progress`. */
        depositoryId: f.nullable(f.string()),
        /** `in-progress` (link requested, dataflow being set up) or `active` (fully linked). */
        status: linkStatus,
      }),
    ),
    /** The accounts linked so far, or being linked. */
    linkedAccounts: f.array(
      f.object({
        /** The account's number at the custodian. */
        accountNumber: f.string(),
        /** The account's id; `null` while `status` is `in-progress`. */
        accountId: f.nullable(f.string()),
        /** `in-progress` (link requested, dataflow being set up) or `active` (fully linked). */
        status: linkStatus,
      }),
    ),
  },
  relationships: {
    /** The custodian the authority is for. */
    custodian: rel.one('custodian', false),
    /** The auth flow followed (type `custodian-auth-flow`, its id a slug). */
    custodianAuthFlow: rel.one('custodian-auth-flow', false),
    /** The legal entity on whose behalf data access is obtained. */
    legalEntity: rel.one('legal-entity', false),
  },
} as const satisfies ResourceDef;
export const custodianAuthoritySchema = readSchema(custodianAuthorityDef);

export const custodianAuthorityFileDef = {
  type: 'custodian-authority-file',
  fields: {
    /**
     * `<algorithm>:<hex digest>` with algorithm `sha2-256` or `sha3-256`; split on the colon for the consent's
     * `hashAlgorithm` and `hashValue` (`consentFiles` does it).
     */
    hash: f.string(),
    /** Role of the file (e.g. `power-of-attorney`, `consent`): one of the auth flow's `expectedFiles`. */
    name: f.string(),
    /** Upload time: an ISO 8601 date-time in UTC. */
    uploadedAt: f.string(),
    /** The original file name. */
    filename: f.string(),
  },
  relationships: {},
} as const satisfies ResourceDef;
export const custodianAuthorityFileSchema = readSchema(custodianAuthorityFileDef);

// The shapes below are declared types: the declaration build keeps the JSDoc of their members (it drops it on the
// members of an object literal written inside a zod call), so hover shows it. No run-time cost.
type RevokeResultShape = {
  /** The id of the custodian authority being revoked. */
  custodianAuthorityId: z.ZodMiniString<string>;
  /**
   * The authority's status after the request: `revoke-in-progress` (the reference); it becomes `revoked` once the
   * dataflow links are removed (poll `custodianAuthorities.retrieve` to follow).
   */
  status: (typeof status)['read'];
};
/** The answer of `revoke`: `{ data: { custodianAuthorityId, status } }`, decoded to its `data`. */
// Kept open at run time, closed in type (as every resource): a misspelled read of a result is a compile error.
export const revokeResultSchema: KeptObject<RevokeResultShape> = keptObject({
  custodianAuthorityId: z.string(),
  status: status.read,
});
/** What `custodianAuthorities.revoke` resolves to: the authority's id and its new `status`. */
export interface RevokeResult extends z.infer<typeof revokeResultSchema> {}

const nonEmpty = f.string().create;

type ConsentFileShape = {
  /** The file's role, as uploaded (e.g. `power-of-attorney`, `consent`): one of the auth flow's `expectedFiles`. */
  name: typeof nonEmpty;
  /** The digest algorithm, `sha2-256` or `sha3-256`: the part of the uploaded file's `hash` before the colon. */
  hashAlgorithm: z.ZodMiniEnum<{ [K in (typeof HASH_ALGORITHMS)[number]]: K }>;
  /**
   * The hex digest: the part of the uploaded file's `hash` after the colon, 64 hexadecimal digits (a 256-bit
   * digest).
   */
  hashValue: z.ZodMiniString<string>;
};
export const consentFile: z.ZodMiniObject<ConsentFileShape, z.core.$strict> = z.strictObject({
  name: nonEmpty,
  hashAlgorithm: z.enum(HASH_ALGORITHMS),
  hashValue: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, rule('the 64 hex digits of a 256-bit digest'))),
});
/** One entry of the consent's `files`: build them with `consentFiles(uploadedFiles)`. */
export interface ConsentFile extends z.infer<typeof consentFile> {
  name: z.infer<typeof consentFile>['name'];
  hashAlgorithm: z.infer<typeof consentFile>['hashAlgorithm'];
  hashValue: z.infer<typeof consentFile>['hashValue'];
}

/** The consent body's `data`; `all` covers every number at the custodian, `specific` names them. */
type ConsentShape = {
  /** The identifier of the legal entity giving consent: its company or personal registration number. */
  legalEntityIdentifier: typeof nonEmpty;
  /** The custodian's `identifier` (its unique slug, as in `custodians.list`), not a resource id. */
  custodianIdentifier: typeof nonEmpty;
  /**
   * `all`: every depository and account of the legal entity at the custodian (omit `depositoryNumbers` and
   * `accountNumbers`; one `all` authority per legal entity and custodian). `specific`: only the numbers given, which
   * must not overlap those of another authority.
   */
  consentType: z.ZodMiniEnum<{ all: 'all'; specific: 'specific' }>;
  /**
   * The uploaded proof files the consent rests on, each `{ name, hashAlgorithm, hashValue }` from its `hash`:
   * build them with `consentFiles(uploadedFiles)`.
   */
  files: z.ZodMiniArray<typeof consentFile>;
  /** With `specific`: the depository numbers at the custodian the consent covers (not SDK ids). */
  depositoryNumbers: z.ZodMiniOptional<z.ZodMiniArray<typeof nonEmpty>>;
  /** With `specific`: the account numbers at the custodian the consent covers (not SDK ids). */
  accountNumbers: z.ZodMiniOptional<z.ZodMiniArray<typeof nonEmpty>>;
};
export const consentInput: z.ZodMiniObject<ConsentShape, z.core.$strict> = z
  .strictObject({
    legalEntityIdentifier: nonEmpty,
    custodianIdentifier: nonEmpty,
    consentType: z.enum(['all', 'specific']),
    files: z.array(consentFile),
    depositoryNumbers: z.optional(z.array(nonEmpty)),
    accountNumbers: z.optional(z.array(nonEmpty)),
  })
  .check(
    z.superRefine((c, ctx) => {
      const given = (['depositoryNumbers', 'accountNumbers'] as const).filter((k) => c[k] !== undefined);
      if (c.consentType === 'all') {
        for (const key of given) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'must be omitted for consentType "all": it covers every depository and account at the custodian',
            input: c[key],
          });
        }
      } else if (c.consentType === 'specific' && !given.some((k) => c[k]?.length)) {
        ctx.addIssue({
          code: 'custom',
          path: ['depositoryNumbers'],
          message: 'consentType "specific" needs depositoryNumbers or accountNumbers (at least one number)',
          input: c,
        });
      }
    }),
  );
/**
 * The input of `custodianAuthorities.consent`: whose consent (legal entity, custodian), its scope, and the uploaded
 * files it rests on.
 */
export interface ConsentParams extends z.infer<typeof consentInput> {
  legalEntityIdentifier: z.infer<typeof consentInput>['legalEntityIdentifier'];
  custodianIdentifier: z.infer<typeof consentInput>['custodianIdentifier'];
  consentType: z.infer<typeof consentInput>['consentType'];
  files: z.infer<typeof consentInput>['files'];
}
/**
 * The former name of `ConsentParams`, kept so existing code compiles.
 * @deprecated use `ConsentParams`
 */
export type ConsentInput = ConsentParams;

/** The query of `link`: which kind of number, and the number at the custodian. */
type LinkShape = {
  /** Which kind of number `resourceNumber` is: `depository` or `account`. */
  type: z.ZodMiniEnum<{ depository: 'depository'; account: 'account' }>;
  /**
   * The depository or account number at the custodian (not an id of this service), e.g. `DE-1001`; the link
   * starts `in-progress` in the authority's `linkedDepositories` or `linkedAccounts`.
   */
  resourceNumber: typeof nonEmpty;
};
export const linkQuery: z.ZodMiniObject<LinkShape, z.core.$strict> = z.strictObject({
  type: z.enum(['depository', 'account']),
  resourceNumber: nonEmpty,
});
/** The query of `custodianAuthorities.link`, e.g. `{ type: 'depository', resourceNumber: 'DE-1001' }`. */
export interface LinkParams extends z.infer<typeof linkQuery> {
  type: z.infer<typeof linkQuery>['type'];
  resourceNumber: z.infer<typeof linkQuery>['resourceNumber'];
}
/**
 * The former name of `LinkParams`, kept so existing code compiles.
 * @deprecated use `LinkParams`
 */
export type LinkQuery = LinkParams;

/** The query of creating an authority: the auth flow to follow. */
type AuthorityCreateShape = {
  /**
   * The id of the custodian auth flow to follow (a string slug); an outdated flow is refused with 400, an unknown
   * one with 404. How to list the flows: not shown in the reference.
   */
  custodianAuthFlowId: typeof nonEmpty;
};
export const authorityCreateQuery: z.ZodMiniObject<AuthorityCreateShape, z.core.$strict> = z.strictObject({
  custodianAuthFlowId: nonEmpty,
});
/** The query of `legalEntities.custodianAuthorities.create`: `{ custodianAuthFlowId }`, the auth flow to follow. */
export interface CustodianAuthorityCreateParams extends z.infer<typeof authorityCreateQuery> {
  custodianAuthFlowId: z.infer<typeof authorityCreateQuery>['custodianAuthFlowId'];
}
/**
 * The former name of `CustodianAuthorityCreateParams`, kept so existing code compiles.
 * @deprecated use `CustodianAuthorityCreateParams`
 */
export type CustodianAuthorityCreateQuery = CustodianAuthorityCreateParams;
