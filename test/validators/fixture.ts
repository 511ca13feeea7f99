/**
 * Generates a fixture spec into `.tmp/test/<name>/` (through the real pipeline) so tests import the generated
 * validators and server as users would. Each test file uses its own directory: files run in parallel.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import type { ConfigSource } from '../../generator/config/index.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURE = path.join(root, 'test/fixtures/validators/openapi.yaml');

export async function generateFixture(
  name: string,
  spec = FIXTURE,
  emitters?: string[],
  config: ConfigSource = path.join(root, 'codegen.config.json'),
): Promise<string> {
  const out = path.join(root, '.tmp/test', name);
  // By default the project's config, so the generated client and server carry its branding, as `npm run generate` gives.
  const result = await runPipeline(emitters ? { spec, emitters, config } : { spec, config });
  // .tmp/ is the project's scratch: a tree left by an older run (before manifests) is taken over.
  writeTree(out, result.files, { force: true });
  return out;
}
