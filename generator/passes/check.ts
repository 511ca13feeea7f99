/** Cross-checks the parsed model: state machines against their schemas and operations. It decides nothing. */
import { fail } from '../diagnostics.ts';
import { resolveNode, schemaByName } from '../ir/queries.ts';
import type { ParsedApi } from '../ir/api.ts';

export function checkIr(api: ParsedApi, locate: (pointer: string) => object): void {
  const schemas = schemaByName(api);
  const ops = new Map(api.operations.map((o) => [o.operationId, o]));
  for (const m of api.stateMachines) {
    const where = locate(m.pointer);
    const bad = (msg: string): never => fail('invalid-extension', `state machine '${m.name}': ${msg}`, where);
    const schema = schemas.get(m.schema) ?? bad(`schema '${m.schema}' does not exist`);
    const node = resolveNode(api, schema.type, schemas);
    if (node.kind !== 'object') bad(`schema '${m.schema}' is not an object`);
    const prop = node.kind === 'object' ? node.properties.find((p) => p.name === m.property) : undefined;
    if (!prop) return bad(`schema '${m.schema}' has no property '${m.property}'`);
    const stateType = resolveNode(api, prop.type, schemas);
    const values =
      stateType.kind === 'enum'
        ? stateType.values.map(String)
        : stateType.kind === 'literal'
          ? [String(stateType.value)]
          : undefined;
    if (!values) bad(`${m.schema}.${m.property} has no enum (states must equal its values)`);
    const missing = values!.filter((v) => !m.states.includes(v));
    const extra = m.states.filter((s) => !values!.includes(s));
    if (missing.length || extra.length) {
      bad(
        `states differ from the enum of ${m.schema}.${m.property}${missing.length ? `; missing: ${missing.join(', ')}` : ''}${extra.length ? `; not in the enum: ${extra.join(', ')}` : ''}`,
      );
    }
    for (const t of m.transitions) {
      for (const s of [t.from, t.to])
        if (s !== null && !m.states.includes(s)) bad(`transition uses unknown state '${s}'`);
      if (t.on.kind === 'operation' && !ops.has(t.on.operationId))
        bad(`transition names unknown operation '${t.on.operationId}'`);
    }
    for (const g of m.guards) {
      const op = ops.get(g.operationId) ?? bad(`guard names unknown operation '${g.operationId}'`);
      for (const s of g.states)
        if (!m.states.includes(s)) bad(`guard of ${g.operationId} uses unknown state '${s}'`);
      if (
        g.target.in === 'path' &&
        !op.parameters.some((p) => p.in === 'path' && p.name === (g.target as { name: string }).name)
      ) {
        bad(
          `guard of ${g.operationId} targets path parameter '${g.target.name}', which the operation does not have`,
        );
      }
      if (g.target.in === 'body' && !op.requestBody)
        bad(`guard of ${g.operationId} targets the body, but the operation has none`);
    }
  }
}
