import { writeFileSync } from 'node:fs';
import { typecheckCorpus } from '../test/corpus/run.ts';
const t = typecheckCorpus(process.argv[2] ?? '.tmp/corpus-one'); writeFileSync('/tmp/tsc-one.txt', t.output); console.log('tsc', t.status, t.output.split('\n').length);
