/** An id rule in words, for the decision table of the emulator's README. */
import type { IdRule, IdSource } from '../../ir/emulation.ts';

export function describeId(rule: IdRule, source: IdSource): string {
  if (rule.type === 'integer') return 'integers 1, 2, 3 …';
  if (rule.format === 'uuid') return 'UUIDs (`format: uuid`)';
  const from = {
    pattern: 'the pattern',
    example: 'an example',
    description: 'the description',
    object: 'the `object` value',
  };
  const prefix = rule.prefix
    ? `\`${rule.prefix}…\` (prefix from ${from[source as keyof typeof from]})`
    : 'random hex';
  return rule.patterns.length
    ? `${prefix}, matching ${rule.patterns.map((p) => `\`${p}\``).join(' and ')}`
    : prefix;
}
