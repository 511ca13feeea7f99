/** `validators/schemas/<area>.ts`: `is<Type>` and `check<Type>` for every named schema of the area. */
import { StructureKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import type { NamedSchema } from '../../ir/schema.ts';
import type { ValidatorsConfig } from '../../config/types.ts';
import type { GeneratedFile } from '../contract.ts';
import { printFile, printStatements } from '../ts/project.ts';
import { structuralKey, type Compiler, type HelperPool } from './compile.ts';
import { fileCompiler, recursiveSchemas, SHARED_PATH } from './files.ts';
import { commentText } from '../ts/literal.ts';

export function emitSchemaValidators(
  api: Api,
  options: ValidatorsConfig,
  pool?: HelperPool,
): GeneratedFile[] {
  const recursive = recursiveSchemas(api);
  const loops = recursiveSchemas(api, true);
  const files: GeneratedFile[] = [];
  for (const area of api.areas) {
    const schemas = api.schemas.filter((s) => s.area === area.slug);
    if (!schemas.length) continue;
    const { compiler, declarations } = fileCompiler(api, options, 'schemas', area.slug, pool);
    const fns: StatementStructures[] = [];
    // A schema with the same structure as an earlier one of the file shares its functions.
    const seen = new Map<string, NamedSchema>();
    for (const s of schemas) {
      const opts = { exported: true, recursive: recursive.has(s.name), loop: loops.has(s.name) };
      const key = `${opts.recursive}/${opts.loop}/${structuralKey(s.type)}`;
      const same = seen.get(key);
      if (same) {
        compiler.runtime.add('Run').add('newRun');
        // Function declarations, not `const` aliases: tables at the top of this or another module may name them
        // before an alias would be initialised (module cycles).
        fns.push({
          kind: StructureKind.Function,
          isExported: true,
          name: s.validators.is,
          docs: [commentText(`Whether \`v\` is a valid \`${s.name}\` (as \`${same.name}\`).`)],
          parameters: [
            { name: 'v', type: 'unknown' },
            { name: 'r', type: 'Run', initializer: 'newRun()' },
          ],
          returnType: 'boolean',
          statements: `return ${same.validators.is}(v, r);`,
        });
        // Its own check function: its errors' `schemaPath` are this schema's pointers, written whole.
        fns.push(
          compiler.fn(s.validators.check, s.type, 'check', {
            ...opts,
            docs: `Adds every problem of \`v\` as a \`${s.name}\` (at pointer \`p\`) to \`c\`.`,
          }),
        );
        continue;
      }
      seen.set(key, s);
      fns.push(
        compiler.fn(s.validators.is, s.type, 'is', {
          ...opts,
          docs: `Whether \`v\` is a valid \`${s.name}\`.`,
        }),
      );
      fns.push(
        compiler.fn(s.validators.check, s.type, 'check', {
          ...opts,
          docs: `Adds every problem of \`v\` as a \`${s.name}\` (at pointer \`p\`) to \`c\`.`,
        }),
      );
    }
    // Printing runs the writers, which register helpers, regexes and imports: print the body first.
    const path = area.files.schemaValidators;
    const parts = printAll(path, fns, compiler);
    files.push({
      path,
      contents: printFile(path, [...declarations('../runtime.js'), ...compiler.declarations(), ...parts]),
    });
  }
  return files;
}

/** Prints `statements`, then the helpers their printing asked for, until none are left. */
export function printAll(path: string, statements: StatementStructures[], compiler: Compiler): string[] {
  const parts = [printStatements(path, statements).trim()];
  for (let batch = compiler.drain(); batch.length; batch = compiler.drain())
    parts.push(printStatements(path, batch).trim());
  return parts;
}

/** `validators/shared.ts`: the helpers of every distinct sub-schema the other files asked for (none: no file). */
export function emitSharedHelpers(
  pool: HelperPool,
  compiler: Compiler,
  declarations: (runtimePath: string) => StatementStructures[],
): GeneratedFile | undefined {
  if (!pool.pending.length) return undefined;
  const parts = printAll(SHARED_PATH, [], compiler);
  return {
    path: SHARED_PATH,
    contents: printFile(SHARED_PATH, [...declarations('./runtime.js'), ...compiler.declarations(), ...parts]),
  };
}
