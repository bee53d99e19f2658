/**
 * What the API reference lacks: converts the TypeDoc configuration (typedoc.config.mjs) and lists every entry
 * point, public export and public member (method, accessor, property) without a summary, and every class,
 * function, and method or accessor of a class without an `@example`.
 */
import {
  Application,
  type Comment,
  DeclarationReflection,
  type ProjectReflection,
  type Reflection,
  ReflectionKind,
  type TypeDocOptions,
} from 'typedoc';

/** Declarations that must carry a summary. */
const DOCUMENTED = [
  ReflectionKind.Class,
  ReflectionKind.Interface,
  ReflectionKind.TypeAlias,
  ReflectionKind.Function,
  ReflectionKind.Variable,
  ReflectionKind.Enum,
  ReflectionKind.Method,
  ReflectionKind.Accessor,
  ReflectionKind.Property,
  // An entry point's summary is its file comment with `@module`. Without the tag TypeDoc gives that comment to
  // the first export of the file (all of those of its first `export { … }`), where it hides their own gaps.
  ReflectionKind.Module,
];
/** Declarations a user calls: these also need an `@example` (methods and accessors of classes, not of interfaces). */
const CALLABLE = [ReflectionKind.Class, ReflectionKind.Function];
const MEMBER_CALLABLE = [ReflectionKind.Method, ReflectionKind.Accessor];

/** Converts the project as `npm run docs` does; `overrides` replace options of the configuration file. */
export async function convert(overrides: Partial<TypeDocOptions> = {}): Promise<ProjectReflection> {
  const app = await Application.bootstrapWithPlugins({ ...overrides, logLevel: 'Error' } as TypeDocOptions);
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not convert the project (see the errors above)');
  return project;
}

function commentOf(reflection: DeclarationReflection): Comment | undefined {
  return (
    reflection.comment ??
    reflection.signatures?.find((signature) => signature.comment)?.comment ??
    reflection.getSignature?.comment ??
    reflection.setSignature?.comment
  );
}

function skipped(reflection: DeclarationReflection): boolean {
  if (reflection.flags.isPrivate || reflection.flags.isProtected || reflection.flags.isExternal) return true;
  // Inherited, overriding (`override name = 'NotFoundError'`) and implementing (`then` of PromiseLike) members
  // are documented where first declared.
  if (reflection.inheritedFrom || reflection.overwrites || reflection.implementationOf) return true;
  // Members of anonymous object types are described by the comment of the type that holds them.
  const parent: Reflection | undefined = reflection.parent;
  return parent?.kindOf(ReflectionKind.TypeLiteral) ?? false;
}

/** The module a reflection belongs to (TypeDoc adds one per entry point when there are several). */
function moduleOf(reflection: Reflection): Reflection | undefined {
  for (let r: Reflection | undefined = reflection; r; r = r.parent) if (r.kindOf(ReflectionKind.Module)) return r;
  return undefined;
}

/** The export subpath: `.` for src/index.ts (also when it is the only entry point), `./name` for src/name. */
function entryOf(reflection: Reflection): string {
  const name = moduleOf(reflection)?.name;
  return name === undefined || name === 'index' ? '.' : `./${name}`;
}

/** The name below its module: `APIError.status`, the same whether there is one entry point or several. */
function nameInModule(reflection: Reflection): string {
  if (reflection.kindOf(ReflectionKind.Module)) return '(entry point)';
  const module = moduleOf(reflection);
  const parts: string[] = [];
  for (
    let r: Reflection | undefined = reflection;
    r && r !== module && !r.kindOf(ReflectionKind.Project);
    r = r.parent
  ) {
    parts.unshift(r.name);
  }
  return parts.join('.');
}

/** `[entry] Name (Kind): what is missing`, sorted. */
export function docGaps(project: ProjectReflection): string[] {
  const gaps: string[] = [];
  for (const reflection of Object.values(project.reflections)) {
    if (!(reflection instanceof DeclarationReflection) || !reflection.kindOf(DOCUMENTED) || skipped(reflection))
      continue;
    const comment = commentOf(reflection);
    const label = `[${entryOf(reflection)}] ${nameInModule(reflection)} (${ReflectionKind[reflection.kind]})`;
    const summary = comment?.summary.some((part) => part.text.trim() !== '') ?? false;
    if (!summary) gaps.push(`${label}: no summary`);
    const callable =
      reflection.kindOf(CALLABLE) ||
      (reflection.kindOf(MEMBER_CALLABLE) && (reflection.parent?.kindOf(ReflectionKind.Class) ?? false));
    if (callable && !comment?.getTag('@example')) gaps.push(`${label}: no @example`);
  }
  return gaps.sort();
}
