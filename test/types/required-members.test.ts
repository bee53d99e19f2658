/**
 * A missing required input is reported against a named type (`required in type 'AccountCreateAttributes'`), never
 * against the expanded object TypeScript infers from a zod schema: TypeScript names, in that message, the type that
 * declares the member. So every public input interface (`…Params`, `…Attributes`, `ConsentFile` and `TransactionListFields`, exported by an
 * entry point) declares each required member of its bases itself, typed from the base (`Base['ccyCode']`, which keeps
 * the schema's JSDoc on hover). Here the compiler API walks those interfaces: a required field added to a schema
 * later without its line in the interface fails this test. test/types/named.test-d.ts proves each interface equal
 * to its schema's type both ways.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectOptions } from '../helpers/ts-project.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRIES = ['src/index.ts', 'src/webhooks/index.ts', 'src/bulk/index.ts', 'src/testing/index.ts'];

/**
 * An input type of the public API: by the naming rule of the entries, plus a consent's file entry. Not a resource's
 * read attributes (`AccountAttributes`, the type of `Account['attributes']`): those declare no member of their own,
 * so that they stay assignable to `Record<string, unknown>` (an interface with members of its own is not); nor its
 * read relationships (`AccountRelationships`), which nobody writes.
 */
const isInput = (name: string, exported: ReadonlySet<string>) =>
  /Params$/.test(name) ||
  (/(Attributes|Relationships)$/.test(name) && !exported.has(name.replace(/(Attributes|Relationships)$/, ''))) ||
  name === 'ConsentFile' ||
  // The interface `TransactionListParams` (an intersection with the account-or-depository rule) is made from.
  name === 'TransactionListFields';

interface Walked {
  /** The input interfaces that extend a type, by name. */
  inputs: string[];
  /** `Interface.member` for each required member of a base the interface does not declare itself. */
  undeclared: string[];
  /** The input interfaces that declare no member of their own. */
  memberless: string[];
}

let walked: Walked;

beforeAll(() => {
  const files = ENTRIES.map((entry) => join(root, entry));
  const program = ts.createProgram(files, projectOptions(root));
  const checker = program.getTypeChecker();
  const inputs = new Set<string>();
  const undeclared = new Set<string>();
  const memberless = new Set<string>();
  const modules = files.map((file) => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file} was not compiled`);
    return module;
  });
  const exported = new Set(modules.flatMap((module) => checker.getExportsOfModule(module).map((e) => e.name)));
  for (const module of modules) {
    for (const entry of checker.getExportsOfModule(module)) {
      const symbol = entry.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(entry) : entry;
      const declaration = symbol.declarations?.find(ts.isInterfaceDeclaration);
      if (!declaration?.heritageClauses || !isInput(symbol.name, exported)) continue;
      inputs.add(symbol.name);
      const own = new Set(declaration.members.flatMap((member) => (member.name ? [member.name.getText()] : [])));
      if (own.size === 0) memberless.add(symbol.name);
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      for (const base of checker.getBaseTypes(type as ts.InterfaceType)) {
        for (const member of checker.getPropertiesOfType(base)) {
          if (!(member.flags & ts.SymbolFlags.Optional) && !own.has(member.name))
            undeclared.add(`${symbol.name}.${member.name}`);
        }
      }
    }
  }
  walked = { inputs: [...inputs].sort(), undeclared: [...undeclared].sort(), memberless: [...memberless].sort() };
}, 120_000);

describe('public input interfaces', () => {
  it('declare every required member of their bases themselves', () => {
    expect(walked.undeclared).toEqual([]);
  });

  it('declare at least one member: TypeScript names an interface of none by its base in an unknown-field error', () => {
    // `accounts.update(id, { attributes: { excludeFromReporting: true } })` said `… does not exist in type '{ name?:
    // string | undefined; … }'`; with its members declared, `… does not exist in type 'AccountUpdateAttributes'`.
    expect(walked.memberless).toEqual([]);
  });

  it('are all walked: resources, kinds of every family, queries', () => {
    expect(walked.inputs).toEqual(
      expect.arrayContaining([
        'AccountCreateAttributes',
        'AccountUpdateAttributes',
        'ConsentFile',
        'ConsentParams',
        'EquityTradeTransactionCreateAttributes',
        'EquityTradeTransactionCreateParams',
        'EquityTradeTransactionCreateRelationships',
        'HoldingsListParams',
        'LimitStatusParams',
        'PriceCreateAttributes',
        'PriceCreateParams',
        'StockAssetCreateAttributes',
        'StockAssetCreateParams',
        'StockInstrumentCreateAttributes',
        'StockInstrumentCreateParams',
        'LoanInstrumentCreateRelationships',
        'TransactionListFields',
      ]),
    );
    // The read attributes are not inputs.
    expect(
      walked.inputs.filter((name) => /^(Account|BondInstrument|StockAsset|DividendTransaction)Attributes$/.test(name)),
    ).toEqual([]);
    // 9 creatable instrument kinds × 2 families and 18 creatable transaction kinds, attributes and params each.
    expect(walked.inputs.filter((name) => /(Instrument|Asset|Transaction)CreateAttributes$/.test(name))).toHaveLength(
      36,
    );
    expect(walked.inputs.filter((name) => /(Instrument|Asset|Transaction)CreateParams$/.test(name))).toHaveLength(36);
  });
});
