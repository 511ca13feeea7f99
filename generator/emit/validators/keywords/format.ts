/** `format`: asserted with the runtime's checker when the format is implemented and `validators.formats` asserts. */
import { _, type Name } from '../../code/index.ts';
import type { StringConstraints } from '../../../ir/types.ts';
import type { Assertion, Services } from '../context.ts';
import { FORMATS } from '../structure.ts';

export function formatAssertions(cc: Services, c: StringConstraints, v: Name, propertyName: boolean): Assertion[] {
  if (c.format === undefined || !FORMATS.has(c.format) || cc.options.formats !== 'assert') return [];
  const cond = _`!${cc.rt('formats')}[${c.format}]!(${v})`;
  return [{ cond, code: propertyName ? 'property_name' : 'format', message: `${propertyName ? 'key ' : ''}must be a valid ${c.format}` }];
}
