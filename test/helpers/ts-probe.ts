/**
 * A probe file compiled with the compiler API against the sources, for type tests that read what the checker says:
 * the probe is served from memory at `path` (a file that does not exist, so it resolves imports as if it were there).
 */
import ts from 'typescript';
import { projectOptions } from './ts-project.js';

export interface Probe {
  program: ts.Program;
  checker: ts.TypeChecker;
  source: ts.SourceFile;
}

/** Compiles `text` as the file `path` with the project's options (`root`'s tsconfig.json), `overrides` on top. */
export function compileProbe(root: string, path: string, text: string, overrides: ts.CompilerOptions = {}): Probe {
  const options = { ...projectOptions(root), ...overrides };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    file === path ? ts.createSourceFile(file, text, language) : getSourceFile(file, language, ...rest);
  host.fileExists = (file) => file === path || fileExists(file);
  host.readFile = (file) => (file === path ? text : readFile(file));
  const program = ts.createProgram([path], options, host);
  const source = program.getSourceFile(path);
  if (!source) throw new Error('the probe was not compiled');
  return { program, checker: program.getTypeChecker(), source };
}

/** A probe compiled by a language service, what an editor runs: `service` answers hovers (`getQuickInfoAtPosition`). */
export interface ServiceProbe extends Probe {
  service: ts.LanguageService;
}

/** `compileProbe`, through a language service over the same program (so hovers read what the checker says). */
export function serviceProbe(
  root: string,
  path: string,
  text: string,
  overrides: ts.CompilerOptions = {},
): ServiceProbe {
  const options = { ...projectOptions(root), ...overrides };
  const read = (file: string) => (file === path ? text : ts.sys.readFile(file));
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [path],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const content = read(file);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (file) => file === path || ts.sys.fileExists(file),
    readFile: read,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  const program = service.getProgram();
  const source = program?.getSourceFile(path);
  if (!program || !source) throw new Error('the probe was not compiled');
  return { service, program, checker: program.getTypeChecker(), source };
}

/** A diagnostic of the probe: its 1-based line, and its chain and related information as one text. */
export interface ProbeDiagnostic {
  line: number;
  message: string;
}

/** Every semantic diagnostic of the probe. */
export function probeDiagnostics({ program, source }: Probe): ProbeDiagnostic[] {
  return program.getSemanticDiagnostics(source).map((d) => ({
    line: source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
    message: [d, ...(d.relatedInformation ?? [])]
      .map((m) => ts.flattenDiagnosticMessageText(m.messageText, '\n'))
      .join('\n'),
  }));
}
