/** The project's compiler options, read from its tsconfig.json as `tsc` reads them (for compiler-API tests). */
import { join } from 'node:path';
import ts from 'typescript';

export function projectOptions(root: string): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  return { ...config.options, noEmit: true };
}
