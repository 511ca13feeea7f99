/** Prettier is the contract of the output's style: `generated/` and every golden tree pass `prettier --check`. */
import { describe, expect, it } from 'vitest';
import { formattedTrees, unformattedFiles } from '../../generator/render/check-format.ts';

describe('prettier --check', () => {
  it('generated/ and every golden tree are formatted as prettier formats them', async () => {
    const { checked, unformatted } = await unformattedFiles(formattedTrees());
    expect(checked).toBeGreaterThan(200);
    expect(unformatted).toEqual([]);
  });
});

describe('prettier --check on a tree with a file prettier would change', () => {
  it('names that file and only it', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-fmt-'));
    try {
      writeFileSync(path.join(dir, 'good.ts'), 'export const a = { b: 1 };\n');
      writeFileSync(path.join(dir, 'bad.ts'), 'export const a = {b:1}\n');
      writeFileSync(path.join(dir, 'notes.txt'), 'not formatted by the generator');
      expect(await unformattedFiles([dir])).toEqual({ checked: 2, unformatted: [path.join(dir, 'bad.ts')] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
