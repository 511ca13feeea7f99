/**
 * `generated/emulator/`: a stateful local emulator of the API, built on the generated server (`../server`): its
 * handler map, validators and error envelope. The emulator's model (model.ts) is data read from the IR; the
 * runtime (templates/emulator/) is copied verbatim, with the embedded store and the fake outputs.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Api } from '../../ir/api.ts';
import type { GeneratedFile } from '../contract.ts';
import { dataLiteral } from '../ts/literal.ts';
import { importRegistry } from '../ts/imports.ts';
import { printFile } from '../ts/project.ts';
import { renderTemplate, verbatimFile } from '../templates.ts';
import { emulatorModel } from './model.ts';
import { readmeData } from './readme.ts';

const TEMPLATES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/emulator');

/** Every `.ts` file of the runtime, sub-folders included (the store and the fakes), in a stable order. */
function runtimeFiles(dir = TEMPLATES, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return runtimeFiles(full, `${prefix}${name}/`);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [`${prefix}${name}`] : [];
    });
}

/** The entry point: the runtime bound to this API's generated server and model (the same text for every API). */
const INDEX = [
  `import { createServer, guardState, HttpError, NODE_SERVER_OPTIONS, routes, type Handlers, type ServerOptions } from '../server/index.js';`,
  `import { startEmulator as start, type EmulatorOptions, type RunningEmulator } from './emulator.js';`,
  `import { MODEL } from './model.js';`,
  `export { checkConfig, ConfigError, type EmulatorConfig } from './config.js';`,
  `export type { EmulatorOptions, RunningEmulator } from './emulator.js';`,
  `export { MODEL } from './model.js';`,
  `export { sign } from './webhooks.js';`,
  `/** Serves the emulator on 127.0.0.1 (\`port\` 0: any free port); \`dataDir\` keeps its data, else it lives in memory. */
export function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return start(
    MODEL,
    {
      createServer: (handlers, serverOptions) => createServer(handlers as unknown as Handlers, serverOptions as ServerOptions),
      // Typed by operation for handlers; the emulator passes operation ids it reads from its model at run time.
      guardState: guardState as (operationId: string, state: string) => void,
      NODE_SERVER_OPTIONS,
      HttpError,
      basePath: routes.basePath ?? '',
      operations: routes.operations,
    },
    options,
  );
}`,
];

export function emitEmulator(api: Api): GeneratedFile[] {
  const model = emulatorModel(api);
  return [
    ...runtimeFiles().map((f) => verbatimFile(`emulator/${f}`, `emulator/${f}`)),
    modelFile(api, model),
    { path: 'emulator/index.ts', contents: printFile('emulator/index.ts', INDEX) },
    {
      path: 'emulator/README.md',
      contents: renderTemplate('emulator/README.md.hbs', readmeData(api, model)),
    },
  ];
}

/** `emulator/model.ts`: the model as data. */
function modelFile(api: Api, model: unknown): GeneratedFile {
  const path = 'emulator/model.ts';
  const use = importRegistry(api, path);
  const statement: StatementStructures = {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      `What the emulator knows of ${api.title}: collections, operations, paging, state machines and webhooks, read from the spec.`,
    ],
    declarations: [
      {
        name: 'MODEL',
        // An assertion, not an annotation: TypeScript gives no contextual type to an object literal's property named
        // like a member of Object.prototype (an operationId `constructor`), so an annotation would widen its literals.
        initializer: `${dataLiteral(model)} as ${use.from('emulator/types.ts', 'EmulatorModel', true)}`,
      },
    ],
  };
  return { path, contents: printFile(path, [...use.declarations(), statement]) };
}
