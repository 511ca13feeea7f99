/**
 * Inputs are read safely: a `$ref` is followed only to a regular file (a FIFO would block for ever, /dev/zero never
 * ends, a folder is no document), and size, nesting and YAML alias expansion have limits with located errors, in
 * `generate` and `lint` alike: no stack trace, no `Maximum call stack size exceeded`.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, ftruncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, main as generate } from '../../generator/cli/generate.ts';
import { main as lint } from '../../generator/cli/lint.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = path.join(dir, 'empty.config.json');
writeFileSync(config, '{}\n');

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _e, cb) {
      text += String(chunk);
      cb();
    },
  });
  return { stream, text: () => text };
}

/** Both commands on `spec`: exit codes and what they print. */
async function both(spec: string) {
  const g = sink();
  const gCode = await generate(
    ['--spec', spec, '--out', path.join(dir, 'out'), '--config', config, '--quiet', '--only', 'types'],
    sink().stream,
    g.stream,
  );
  const l = sink();
  const lCode = await lint(['--spec', spec, '--config', config], sink().stream, l.stream);
  return { generate: { code: gCode, stderr: g.text() }, lint: { code: lCode, stderr: l.text() } };
}

function refTo(name: string, target: string): string {
  const file = path.join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '${target}'}\n`,
  );
  return file;
}

const clean = (stderr: string) => {
  expect(stderr).not.toMatch(/internal|Maximum call stack|\n\s+at /);
};

describe('a $ref to something that is not a regular file', () => {
  it.each([
    [
      'a FIFO',
      () => (execFileSync('mkfifo', [path.join(dir, 'fifo')]), './fifo'),
      /which is a FIFO \(named pipe\), not a regular file/,
    ],
    ['/dev/zero', () => '/dev/zero', /which is a device, not a regular file/],
    [
      'a folder',
      () => (mkdirSync(path.join(dir, 'folder')), './folder'),
      /which is a folder, not a regular file/,
    ],
  ])('%s is a located error, at once', { timeout: 60_000 }, async (name, make, message) => {
    const spec = refTo(name.replace(/\W/g, ''), make());
    const r = await both(spec);
    for (const run of [r.generate, r.lint]) {
      expect(run.code).toBe(EXIT.failed);
      expect(run.stderr).toMatch(
        new RegExp(`\\.yaml:6:\\d+: error\\[file-not-found\\]: \\$ref names .*${message.source}`),
      );
      clean(run.stderr);
    }
  });

  it('a file over the size limit is refused before it is read', async () => {
    const big = path.join(dir, 'big.yaml');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, 257 * 1024 * 1024); // sparse: no disk is used
    closeSync(fd);
    const r = await both(refTo('big-ref', './big.yaml'));
    expect(r.generate.code).toBe(EXIT.failed);
    expect(r.generate.stderr).toMatch(
      /error\[input-limit\]: \$ref names .*big\.yaml, which is 257 MiB, more than the 256 MiB an input may have/,
    );
  });
});

describe('nesting and aliases', () => {
  it('a YAML alias bomb is a located error in generate and lint', async () => {
    const lines = [
      'openapi: 3.1.0',
      "info: {title: T, version: '1'}",
      'paths: {}',
      'x-bomb:',
      '  a: &a [x, x, x, x, x, x, x, x, x, x]',
    ];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`  ${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    const spec = path.join(dir, 'bomb.yaml');
    writeFileSync(spec, `${lines.join('\n')}\n`);
    const r = await both(spec);
    for (const run of [r.generate, r.lint]) {
      expect(run.code).toBe(EXIT.failed);
      expect(run.stderr).toMatch(/bomb\.yaml: error\[input-limit\]: YAML aliases expand too much/);
      clean(run.stderr);
    }
  });

  it.each(['json', 'yaml'])(
    'a 1,000-level schema (%s) is a located error in generate and lint',
    async (format) => {
      let text: string;
      if (format === 'json') {
        let s = '{"type":"string"}';
        for (let i = 0; i < 1000; i++) s = `{"type":"object","properties":{"a":${s}}}`;
        text = `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{},"components":{"schemas":{"Deep":${s}}}}`;
      } else {
        const lines = [
          'openapi: 3.1.0',
          "info: {title: T, version: '1'}",
          'paths: {}',
          'components:',
          '  schemas:',
          '    Deep:',
        ];
        let indent = '      ';
        for (let i = 0; i < 1000; i++) {
          lines.push(`${indent}type: object`, `${indent}properties:`, `${indent}  a:`);
          indent += '    ';
        }
        lines.push(`${indent}type: string`);
        text = `${lines.join('\n')}\n`;
      }
      const spec = path.join(dir, `deep.${format}`);
      writeFileSync(spec, text);
      const r = await both(spec);
      for (const run of [r.generate, r.lint]) {
        expect(run.code).toBe(EXIT.failed);
        expect(run.stderr).toMatch(
          new RegExp(`deep\\.${format}:\\d+:\\d+: error\\[input-limit\\]: nested more than 200 levels deep`),
        );
        clean(run.stderr);
      }
    },
  );
});
