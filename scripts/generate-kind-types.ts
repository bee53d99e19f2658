/**
 * Writes src/schemas/kind-types.generated.ts: the named interfaces of every kind of the kind tables, so that editors
 * and compiler messages show a kind's own name (`BondInstrument`, `EquityTradeTransactionCreateAttributes`) instead
 * of the expanded object. Per family (instruments v3, assets v2, transactions v2):
 * - each kind's resource, `…Instrument` / `…Asset` / `…Transaction`, extending the type its response schema infers,
 *   with its `attributes` typed by `…InstrumentAttributes` (which extends the inferred attributes) and its
 *   `relationships` by `…InstrumentRelationships` (likewise), and the table of them by kind (`InstrumentsByKind`,
 *   which `InstrumentOf<K>` indexes);
 * - each creatable kind's `…CreateAttributes`, `…CreateRelationships` (where a relationship is required) and
 *   `…CreateParams`, extending the create input the kind table infers, and the table of the params by kind.
 * And for every other resource (`account`, `price`, `limit`, …: each response schema src/schemas exports), its
 * resource, attributes and relationships the same way (`Account`, `AccountAttributes`, `AccountRelationships`: each
 * relationship keeps the JSDoc of its table, and one the reference deprecates is marked `@deprecated` from
 * `DEPRECATED_RELATIONSHIPS`), documented by its line of
 * `RESOURCE_DESCRIPTIONS`.
 * An input interface redeclares each required member of what it extends, typed from it (`Base['ccyCode']`, which
 * keeps the schema's JSDoc on hover): TypeScript then names the interface, not the expanded object, in the message
 * about a missing member (test/types/required-members.test.ts walks them; test/types/named.test-d.ts proves each
 * equal to what it extends).
 *
 * What is written comes from the objects the SDK runs on: the kinds, whether each is creatable and its required
 * relationships from the kind tables (`INSTRUMENT_KINDS`, `TRANSACTION_KINDS`), the required attributes from the
 * kinds' create schemas (read through src/schemas/zod-definitions.ts), and each kind's one-line description from
 * src/schemas/kind-descriptions.ts; the other resources from the response schemas src/schemas exports. Per-field
 * JSDoc is the schemas' own (each named type extends what they infer). test/schemas/kind-types.test.ts fails when
 * the checked-in file is not what this script writes. The source is formatted by the project's formatter (biome),
 * so the file is checked like any other.
 *
 *   npm run generate                                # writes both generated files
 *   npx tsx scripts/generate-kind-types.ts --print  # prints this one
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAttributeSchemas, INSTRUMENT_KINDS } from '../src/schemas/instruments.js';
import {
  DEPRECATED_RELATIONSHIPS,
  KIND_DESCRIPTIONS,
  RESOURCE_DESCRIPTIONS,
} from '../src/schemas/kind-descriptions.js';
import type { KindTable } from '../src/schemas/kind-table.js';
import { readSchema } from '../src/schemas/resource.js';
import { TRANSACTION_KINDS, transactionCreateSchemas } from '../src/schemas/transactions.js';
import { known, presence } from '../src/schemas/zod-definitions.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const KIND_TYPES_FILE = fileURLToPath(new URL('../src/schemas/kind-types.generated.ts', import.meta.url));

/** One family of named types: its `type` suffix, kind table, create schemas, and how its types are spelled. */
interface Family {
  suffix: 'instrument' | 'asset' | 'transaction';
  /** `Instrument`, `Asset`, `Transaction`: the end of each name. */
  noun: string;
  table: KindTable;
  createSchemas: Record<string, unknown>;
  descriptions: Record<string, string>;
  /** What follows the type string in a resource's JSDoc (` (v3)`). */
  version: string;
  /** The resource class whose `create` takes the params (`instruments`). */
  resource: string;
  /** The resource type of kind `k`, as the schemas infer it (what its named interface extends). */
  of: (k: string) => string;
  /** The create attributes of kind `k`, as the create schemas infer them. */
  attributes: (k: string) => string;
  /** The create input of kind `k`, as the kind table infers it. */
  input: (k: string) => string;
  /** The doc example of the tables by kind. */
  example: string;
}

const q = (kind: string) => `'${kind}'`;
/** `index-linked-bond` → `IndexLinkedBond`. */
const pascal = (kind: string) =>
  kind
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** Instruments (v3) and assets (v2): one kind table, one description and create schema per kind, two families. */
const instrumentFamily = (suffix: 'instrument' | 'asset', version: string): Family => ({
  suffix,
  noun: pascal(suffix),
  table: INSTRUMENT_KINDS,
  createSchemas: createAttributeSchemas,
  descriptions: KIND_DESCRIPTIONS.instrument,
  version,
  resource: `${suffix}s`,
  of: (k) => `Inferred${pascal(suffix)}<${q(k)}>`,
  attributes: (k) => `InstrumentCreateAttributes<${q(k)}>`,
  input: (k) => `FamilyCreateInputOf<${q(suffix)}, ${q(k)}>`,
  example: 'bond',
});
const FAMILIES: Family[] = [
  instrumentFamily('instrument', ' (v3)'),
  instrumentFamily('asset', ' (v2)'),
  {
    suffix: 'transaction',
    noun: 'Transaction',
    table: TRANSACTION_KINDS,
    createSchemas: transactionCreateSchemas,
    descriptions: KIND_DESCRIPTIONS.transaction,
    version: '',
    resource: 'transactions',
    of: (k) => `InferredTransaction<${q(k)}>`,
    attributes: (k) => `TransactionCreateAttributes<${q(k)}>`,
    input: (k) => `TransactionCreateInputOf<${q(k)}>`,
    example: 'dividend',
  },
];

/** A member name as written in a declaration and in an indexed access (`Base['name']`). */
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : q(name));
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** The attributes a create schema requires (may not be absent), in its order. */
function requiredAttributes(schema: unknown, at: string): string[] {
  const def = known(schema);
  if (def?.type !== 'object') throw new Error(`${at}: the create schema is not an object schema read here`);
  return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, member]) => {
    const may = presence(member);
    if (!may) throw new Error(`${at}.${name}: whether it may be absent is not read here`);
    return may.optin === undefined ? [name] : [];
  });
}

/** The relationships a kind requires on create, in the table's order. */
const requiredRelationships = (table: KindTable, kind: string) =>
  Object.entries(table[kind]?.relationships ?? {}).flatMap(([name, rel]) => (rel.create === 'required' ? [name] : []));

/** `export interface Name extends Base { member: Base['member']; … }`, each member typed from `Base`. */
function redeclaring(doc: string, name: string, base: string, members: string[], own: string[] = []): string {
  const lines = [...members.map((m) => `${key(m)}: ${base}[${q(m)}];`), ...own];
  return `/** ${doc} */\nexport interface ${name} extends ${base} {\n${lines.join('\n')}\n}`;
}

/** A `…ByKind` interface: a member per kind, typed by the named interface of that kind. */
function byKind(doc: string, name: string, kinds: string[], family: Family, nameOf: (kind: string) => string): string {
  const members = kinds.map((k) => `/** \`${k}-${family.suffix}\`. */\n${key(k)}: ${nameOf(k)};`);
  return `/** ${doc} */\nexport interface ${name} {\n${members.join('\n')}\n}`;
}

/**
 * `…Relationships`, the named type of a resource's `relationships` (`AccountRelationships`): it extends them as the
 * schema infers them, so each member keeps the JSDoc of its relationship table (what it links to). A relationship
 * the reference deprecates (DEPRECATED_RELATIONSHIPS) is redeclared, typed from the base, with only its
 * `@deprecated` tag: the editor strikes a read of it through and still shows the table's JSDoc, which it inherits.
 */
function relationshipsInterface(name: string, what: string, type: string, schema: unknown, base: string): string {
  const inferred = `ReadRelationships<${base}>`;
  const deprecated = Object.entries(DEPRECATED_RELATIONSHIPS[type] ?? {}).map(([member, instead]) => {
    const may = presence(relationshipShape(schema)[member]);
    if (!may) throw new Error(`${type}.${member}: deprecated in DEPRECATED_RELATIONSHIPS, but no such relationship`);
    const optional = may.optout === 'optional' ? '?' : '';
    return `${jsdoc(`@deprecated ${instead}`)}\n${key(member)}${optional}: ${inferred}[${q(member)}];`;
  });
  return [
    `/** The relationships of ${what}: what each links to, as \`{ data: { type, id } }\` or a list of them. */`,
    `export interface ${name}Relationships extends ${inferred} {${deprecated.length ? `\n${deprecated.join('\n')}\n` : ''}}`,
  ].join('\n');
}

/** The schemas of the relationships a response schema declares, by name. */
function relationshipShape(schema: unknown): Record<string, unknown> {
  const def = known(schema);
  const member = def?.type === 'object' ? (def.shape as Record<string, unknown>).relationships : undefined;
  const inner = known(member);
  const object = inner?.type === 'optional' ? known(inner.innerType) : inner;
  return object?.type === 'object' ? (object.shape as Record<string, unknown>) : {};
}

/** The resource's `relationships` member, typed by its named interface, optional where its response schema says. */
function relationshipsMember(name: string, what: string, schema: unknown): string {
  const def = known(schema);
  const member = def?.type === 'object' ? (def.shape as Record<string, unknown>).relationships : undefined;
  const may = presence(member);
  if (!may) throw new Error(`${name}: whether its relationships may be absent is not read here`);
  const optional = may.optout === 'optional';
  return [
    `/** The ${what}'s related resources, by relationship${optional ? '; absent when it has none' : ''}. */`,
    `relationships${optional ? '?' : ''}: ${name}Relationships;`,
  ].join('\n');
}

function familySection(family: Family): string {
  const { noun, suffix, table } = family;
  const kinds = Object.keys(table);
  const creatable = kinds.filter((k) => table[k]?.creatable);
  const named = (k: string) => `${pascal(k)}${noun}`;
  const type = (k: string) => `\`${k}-${suffix}\``;
  const out: string[] = [
    `// ─── ${noun}s: one interface per kind, each the type its response schema infers, named, with its attributes ───`,
  ];
  for (const k of kinds) {
    const description = family.descriptions[k];
    if (!description) throw new Error(`${k}: no description in src/schemas/kind-descriptions.ts`);
    // The attributes get their own name, and the resource's `attributes` member is typed by it, so that hover on
    // `bond.attributes` and a misspelled read's message name `BondInstrumentAttributes`, not the expanded object.
    // They declare no member of their own, unlike the inputs: an interface that does loses the implicit index
    // signature, and `BondInstrument['attributes']` stops being assignable to `Record<string, unknown>`.
    const def = table[k];
    if (!def) throw new Error(`${k}: not in the kind table`);
    const schema = readSchema({ type: `${k}-${suffix}`, fields: def.fields, relationships: def.relationships });
    out.push(
      `/** The attributes of ${article(k)} ${type(k)}${family.version}. */`,
      `export interface ${named(k)}Attributes extends Attributes<${family.of(k)}> {}`,
      relationshipsInterface(
        named(k),
        `${article(k)} ${type(k)}${family.version}`,
        `${k}-${suffix}`,
        schema,
        family.of(k),
      ),
      `/** ${description}: ${type(k)}${family.version}. */\nexport interface ${named(k)} extends ${family.of(k)} {`,
      `/** The ${type(k)}'s fields (\`attributesOf\` reads any this SDK does not know). */`,
      `attributes: ${named(k)}Attributes;`,
      relationshipsMember(named(k), type(k), schema),
      '}',
    );
  }
  out.push(
    byKind(
      `The named ${suffix} type of each kind: \`${noun}sByKind['${family.example}']\` is \`${named(family.example)}\`.`,
      `${noun}sByKind`,
      kinds,
      family,
      named,
    ),
  );
  out.push(`\n// ─── ${noun}s to create: attributes, relationships and params per creatable kind ───`);
  for (const k of creatable) {
    const attributes = requiredAttributes(family.createSchemas[k], `${k}-${suffix}`);
    const relationships = requiredRelationships(table, k);
    out.push(
      redeclaring(
        `The attributes of ${article(k)} ${type(k)} to create (\`${family.resource}.create\`).`,
        `${named(k)}CreateAttributes`,
        family.attributes(k),
        attributes,
      ),
    );
    if (relationships.length)
      out.push(
        redeclaring(
          `The relationships of a ${type(k)} to create: ids, \`{ type, id }\` pairs or resources the SDK returned.`,
          `${named(k)}CreateRelationships`,
          `RelationshipsOf<${family.input(k)}>`,
          relationships,
        ),
      );
    out.push(
      redeclaring(
        `The body of \`${family.resource}.create\` for a ${type(k)} (without the \`data\` wrapper).`,
        `${named(k)}CreateParams`,
        family.input(k),
        ['type'],
        [
          `attributes: ${named(k)}CreateAttributes;`,
          ...(relationships.length ? [`relationships: ${named(k)}CreateRelationships;`] : []),
        ],
      ),
    );
  }
  out.push(
    byKind(
      `The named create params of each creatable kind: \`${noun}CreateParamsByKind['${family.example}']\` is \`${named(family.example)}CreateParams\`.`,
      `${noun}CreateParamsByKind`,
      creatable,
      family,
      (k) => `${named(k)}CreateParams`,
    ),
  );
  return out.join('\n');
}

/** The `type` of the resource `value` is the response schema of (`account`); undefined if it is none. */
function resourceType(value: unknown): string | undefined {
  const def = known(value);
  if (def?.type !== 'object') return undefined;
  const { id, type, attributes } = def.shape as Record<string, unknown>;
  const literal = known(type);
  const values = literal?.type === 'literal' ? (literal.values as unknown[]) : [];
  return id && attributes && values.length === 1 ? String(values[0]) : undefined;
}

/** Where a resource's response schema is exported: its module (`./legal-structure.js`) and the path to it. */
interface SchemaExport {
  module: string;
  /** `accountSchema`, or `instrumentClasses.classSchema` for one held by an exported object. */
  path: string;
  /** The schema itself. */
  value: unknown;
}

/**
 * The response schema of every resource that is not a kind, found among the exports of src/schemas (and the members
 * of exported objects, `instrumentClasses.classSchema`), by `type`: a resource added there gets its named type
 * without a list to keep, once its description is written (src/schemas/kind-descriptions.ts).
 */
async function resourceSchemas(): Promise<Map<string, SchemaExport>> {
  const kinds = new Set(FAMILIES.flatMap((family) => Object.keys(family.table).map((k) => `${k}-${family.suffix}`)));
  const found = new Map<string, SchemaExport>();
  const add = (value: unknown, module: string, path: string) => {
    const type = resourceType(value);
    if (type === undefined || kinds.has(type)) return false;
    const seen = found.get(type);
    if (seen) throw new Error(`${type}: two response schemas, ${seen.path} (${seen.module}) and ${path} (${module})`);
    found.set(type, { module, path, value });
    return true;
  };
  const files = readdirSync(fileURLToPath(new URL('../src/schemas/', import.meta.url)))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.generated.ts'))
    .sort();
  for (const file of files) {
    const module = `./${file.replace(/\.ts$/, '.js')}`;
    const exports: Record<string, unknown> = await import(`../src/schemas/${module.slice(2)}`);
    for (const [name, value] of Object.entries(exports))
      if (!add(value, module, name) && value !== null && typeof value === 'object' && !known(value))
        for (const [member, inner] of Object.entries(value)) add(inner, module, `${name}.${member}`);
  }
  return found;
}
const RESOURCE_SCHEMAS = await resourceSchemas();

/** `a` or `an` before a resource's `type` (`user` is said with a consonant). */
const articleOfType = (type: string) => (/^[aeio]/.test(type) ? 'an' : 'a');

/** A JSDoc block: on one line where it fits, else a line of the comment per line of `text` (hover keeps them). */
function jsdoc(text: string): string {
  const line = `/** ${text} */`;
  return !text.includes('\n') && line.length <= 120 ? line : `/**\n${text.replace(/^/gm, ' * ')}\n */`;
}

/**
 * The named types of the resources that are not kinds (`Account`, `AccountAttributes`), as the kinds' are written:
 * each resource extends the type its response schema infers, with its `attributes` typed by its named attributes.
 */
function resourceSection(): { imports: Map<string, Set<string>>; source: string } {
  const described = Object.keys(RESOURCE_DESCRIPTIONS);
  const undescribed = [...RESOURCE_SCHEMAS.keys()].filter((type) => !described.includes(type));
  if (undescribed.length) throw new Error(`${undescribed.join(', ')}: no description in RESOURCE_DESCRIPTIONS`);
  const imports = new Map<string, Set<string>>();
  const out = ['// ─── The other resources: each the type its response schema infers, named, with its attributes ───'];
  for (const [type, description] of Object.entries(RESOURCE_DESCRIPTIONS)) {
    const schema = RESOURCE_SCHEMAS.get(type);
    if (!schema) throw new Error(`${type}: described in RESOURCE_DESCRIPTIONS, but no response schema has that type`);
    const root = schema.path.split('.')[0] as string;
    imports.set(schema.module, (imports.get(schema.module) ?? new Set()).add(root));
    const name = pascal(type);
    const inferred = `output<typeof ${schema.path}>`;
    out.push(
      `/** The attributes of ${articleOfType(type)} \`${type}\`. */`,
      `export interface ${name}Attributes extends Attributes<${inferred}> {}`,
      relationshipsInterface(name, `${articleOfType(type)} \`${type}\``, type, schema.value, inferred),
      `${jsdoc(description)}\nexport interface ${name} extends ${inferred} {`,
      `/** The \`${type}\`'s fields (\`attributesOf\` reads any this SDK does not know). */`,
      `attributes: ${name}Attributes;`,
      relationshipsMember(name, `\`${type}\``, schema.value),
      '}',
    );
  }
  return { imports, source: out.join('\n') };
}

/** The generated module, formatted as the repository formats its sources. */
export function generateKindTypes(): string {
  const resources = resourceSection();
  const types = new Set([
    ...RESOURCE_SCHEMAS.keys(),
    ...FAMILIES.flatMap((family) => Object.keys(family.table).map((k) => `${k}-${family.suffix}`)),
  ]);
  const strays = Object.keys(DEPRECATED_RELATIONSHIPS).filter((type) => !types.has(type));
  if (strays.length)
    throw new Error(`${strays.join(', ')}: in DEPRECATED_RELATIONSHIPS, but no resource has that type`);
  const imports = new Map<string, Set<string>>([
    ['zod/mini', new Set(['output'])],
    ['../resources/instrument-family.js', new Set(['FamilyCreateInputOf'])],
    ['../resources/kind-create.js', new Set(['RelationshipsOf'])],
    ['../resources/transactions.js', new Set(['TransactionCreateInputOf'])],
    ['./instruments.js', new Set(['InferredAsset', 'InferredInstrument', 'InstrumentCreateAttributes'])],
    ['./resource.js', new Set(['Attributes', 'ReadRelationships'])],
    ['./transactions.js', new Set(['InferredTransaction', 'TransactionCreateAttributes'])],
    ...resources.imports,
  ]);
  // In the order biome's import sorting keeps: packages, then parent folders, then this one.
  const rank = (module: string) => (module.startsWith('../') ? 1 : module.startsWith('./') ? 2 : 0);
  const modules = [...imports.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  const source = [
    '// Generated by scripts/generate-kind-types.ts from the kind tables (src/schemas/instruments.ts, transactions.ts),',
    '// the response schemas of the other resources (src/schemas) and src/schemas/kind-descriptions.ts: do not edit.',
    '// Run `npm run generate` after changing a kind table or a resource (a test says when this file is stale). Types',
    '// only: nothing here is in the bundles.',
    '//',
    "// Each interface extends the type inferred from its kind's or resource's schemas and adds nothing: a resource only",
    '// redeclares `attributes` and `relationships`, typed by their named interfaces (which extend the inferred ones and',
    '// declare nothing: attributes stay assignable to `Record<string, unknown>`, relationships keep the JSDoc of their',
    '// tables, and only a deprecated one is redeclared, typed from them, to carry its `@deprecated`); an input interface',
    '// only redeclares the required members of what it extends, typed from it, so that a missing one is reported as',
    '// required in the named type (test/types/required-members.test.ts). Each is proved equal to what it extends',
    '// (test/types/named.test-d.ts).',
    '// They exist so that editors and messages show a name, not the expanded object.',
    ...modules.map(
      (module) => `import type { ${[...(imports.get(module) ?? [])].sort().join(', ')} } from '${module}';`,
    ),
    '',
    ...FAMILIES.map(familySection).join('\n\n').split('\n'),
    '',
    ...resources.source.split('\n'),
    '',
  ].join('\n');
  return format(source);
}

/** `source` as `biome format` writes it (the project's formatter and settings, biome.json). */
function format(source: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const result = spawnSync(
    process.execPath,
    [biome, 'format', `--stdin-file-path=${relative(ROOT, KIND_TYPES_FILE)}`],
    { cwd: ROOT, input: source, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`biome format failed: ${result.stderr || result.error}`);
  return result.stdout;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const source = generateKindTypes();
  if (process.argv.includes('--print')) process.stdout.write(source);
  else writeFileSync(KIND_TYPES_FILE, source);
  const declarations = source.match(/^export interface /gm)?.length ?? 0;
  console.error(`${source.length} bytes; ${declarations} interfaces`);
}
