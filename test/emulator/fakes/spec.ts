/** Our spec, bundled by the generator's loader, and ajv compiled from it: the oracle the fakes are checked against. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadSpec } from '../../../generator/load/index.ts';

export const { document } = await loadSpec('spec/openapi.yaml');
export const componentSchemas = (document as unknown as { components: { schemas: Record<string, unknown> } })
  .components.schemas;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const ID = 'https://fakes.test/api';
ajv.addSchema({ ...(document as object), $id: ID });

/** A validator of the named component schema; `errors()` explains the last failure. */
export function validatorOf(name: string): { (value: unknown): boolean; errors: () => string } {
  const validate = ajv.compile({ $ref: `${ID}#/components/schemas/${name}` });
  const check = (value: unknown) => validate(value);
  return Object.assign(check, { errors: () => ajv.errorsText(validate.errors) });
}

/** The `enum` of a component schema (an enum the fakes must cover whole). */
export function enumOf(name: string): string[] {
  return (componentSchemas[name] as { enum: string[] }).enum;
}
