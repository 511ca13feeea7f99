/** `format`: asserted with the runtime's checker when the format is implemented and `validators.formats` asserts. */
import { _ } from '../code/index.ts';
import type { StringConstraints } from '../../../ir/schema.ts';
import type { Assertion, Services, Value } from '../context.ts';
import { FORMATS } from '../structure.ts';

export function formatAssertions(
  cc: Services,
  c: StringConstraints,
  v: Value,
  propertyName: boolean,
): Assertion[] {
  const check = c.format === undefined ? undefined : FORMATS.get(c.format);
  if (check === undefined || cc.options.formats !== 'assert') return [];
  const cond = _`!${cc.rt(check)}(${v})`;
  return [
    {
      cond,
      code: propertyName ? 'property_name' : 'format',
      message: `${propertyName ? 'key ' : ''}must be a valid ${c.format}`,
      keyword: propertyName ? 'propertyNames/format' : 'format',
    },
  ];
}
