/**
 * Operations the emulator's fakes compute (templates/emulator/fakes/), recognised by the field names of their
 * request and answer. The fakes speak OpenAI's wire formats, so these names are OpenAI's (`embedding`,
 * `b64_json`, `category_scores` …): an API answering in those shapes gets computed answers, any other gets a
 * value of its response schema made from the request.
 */
import { propertiesOf, resolveNode } from '../../ir/queries.ts';
import type { ComputeKind } from '../../ir/emulation.ts';
import type { Operation } from '../../ir/operation.ts';
import type { TypeNode } from '../../ir/schema.ts';
import type { Api } from './shape.ts';

const names = (api: Api, node: TypeNode | undefined) =>
  new Set(node ? propertiesOf(api, node).map((p) => p.name) : []);

/** The item type of an array property of an object node. */
function itemsOf(api: Api, node: TypeNode | undefined, property: string): TypeNode | undefined {
  const prop = node ? propertiesOf(api, node).find((p) => p.name === property) : undefined;
  const arr = prop && resolveNode(api, prop.type);
  return arr?.kind === 'array' ? arr.items : undefined;
}

export function computeKind(api: Api, op: Operation): ComputeKind | undefined {
  const success = op.success;
  const json = success?.contents.find((c) => c.kind === 'json' && !c.when)?.type;
  const body = op.requestBody?.contents[0]?.type;
  const req = names(api, body);
  const res = names(api, json);
  if (names(api, itemsOf(api, json, 'data')).has('embedding') && req.has('input')) return 'embedding';
  if (names(api, itemsOf(api, json, 'choices')).has('text') && req.has('prompt')) return 'completion';
  if (names(api, itemsOf(api, json, 'results')).has('category_scores')) return 'moderation';
  if (names(api, itemsOf(api, json, 'data')).has('b64_json')) return 'image';
  if (success?.contents.some((c) => c.kind === 'binary') && req.has('input') && req.has('voice'))
    return 'speech';
  if (
    op.requestBody?.contents.some((c) => c.kind === 'multipart') &&
    req.has('file') &&
    success?.contents.some((c) => c.kind === 'text')
  )
    return 'transcription';
  if (res.has('input_tokens') && req.has('input')) return 'tokens';
  if (req.has('grader') && res.has('reward')) return 'grader';
  return undefined;
}

export function moderationCategories(api: Api, json: TypeNode | undefined): string[] {
  const result = itemsOf(api, json, 'results');
  const categories = result ? propertiesOf(api, result).find((p) => p.name === 'categories') : undefined;
  return categories ? propertiesOf(api, categories.type).map((p) => p.name) : [];
}
