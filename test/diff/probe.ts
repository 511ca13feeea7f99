/**
 * Prints what the diff reports for corpus cases, in the corpus's `expect:` format, to help write a new case:
 *   npx tsx test/diff/probe.ts [name-filter]
 * Review every line before pasting it: the expectation states what the Versioning rules say, not what the
 * engine happens to do.
 */
import { diffApis } from '../../generator/diff/index.ts';
import { buildIr } from '../../generator/pipeline.ts';
import { disposeCopies, loadCases, materialise, SPEC_DIR } from './corpus.ts';
import path from 'node:path';

const filter = process.argv[2];
const base = await buildIr(path.join(SPEC_DIR, 'openapi.yaml'));
for (const c of loadCases()) {
  if (filter && !c.name.includes(filter)) continue;
  const { changes } = diffApis(base, await buildIr(materialise(c.patch)));
  console.log(`${c.name}:`);
  for (const x of changes)
    console.log(
      `  - {severity: ${x.severity}, rule: ${x.rule}, subject: ${x.subject}, location: '${x.location}'}   # ${x.message}`,
    );
}
disposeCopies();
