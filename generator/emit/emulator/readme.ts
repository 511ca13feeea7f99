/**
 * What the emulator's README says of this API: the emulation pass's decision table (collections, operations,
 * webhooks), its lifecycles and every assumption the emulator makes.
 */
import type { Api } from '../../ir/api.ts';
import type { EmulatorModel } from './model.ts';
import { describeId } from './ids-text.ts';

const duration = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
const code = (items: readonly string[]) => items.map((i) => `\`${i}\``).join(', ') || '-';
/** Table cells hold no `|` and no line break. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export function readmeData(api: Api, model: EmulatorModel): Record<string, unknown> {
  const { emulation } = api;
  // A list the README's client example pages through: one without path parameters or required query parameters.
  const list = api.operations.find(
    (o) =>
      model.operations[o.operationId]?.kind === 'list' &&
      !o.wirePath.includes('{') &&
      !o.parameters.some((p) => p.required && p.in !== 'header'),
  );
  const collections = emulation.collections.map((c) => ({
    name: c.views.length ? `\`${c.name}\` (also as ${code(c.views)})` : `\`${c.name}\``,
    items: code(c.items),
    lists: code(c.lists),
    creates: code(c.creates),
    parent: c.parent ? `\`${c.parent}\`${c.parentField ? ` (\`${c.parentField}\`)` : ''}` : '-',
    ids: cell(`${describeId(c.id, c.idSource)}${c.scoped ? ', unique under the parents' : ''}`),
    machine: c.machine ? `\`${c.machine}\`` : '-',
  }));
  const operations = api.operations.map((o) => {
    const e = emulation.operations[o.operationId]!;
    return {
      id: o.operationId,
      request: `${o.method.toUpperCase()} ${o.wirePath}`,
      kind: e.kind,
      collection: e.collection ? `\`${e.collection}\`` : '-',
      why: cell(
        `${e.reason}${e.idempotencyHeader ? `; a repeated \`${e.idempotencyHeader}\` answers the first answer` : ''}`,
      ),
    };
  });
  const events = emulation.events.map((e) => ({
    name: e.name,
    when: e.fires.length
      ? e.fires
          .map(
            (f) =>
              `a \`${f.collection}\` ${f.state === 'created' || f.state === 'deleted' ? f.state : `enters \`${f.state}\``}`,
          )
          .join('; ')
      : 'never (no lifecycle matches it)',
    item: e.fires.length
      ? [
          ...new Set(
            e.fires.map((f) =>
              f.itemPath ? (f.itemPath.length ? `\`${f.itemPath.join('.')}\`` : 'the payload') : 'nowhere',
            ),
          ),
        ].join(', ')
      : '-',
  }));
  const documented = Object.values(model.machines).flatMap((m) =>
    m.transitions.map((t) => ({
      machine: m.name,
      from: t.from ?? '(new)',
      to: t.to,
      on:
        'operation' in t.on
          ? `\`${t.on.operation}\``
          : `${t.on.bound === 'at_most' ? 'at most' : 'exactly'} ${t.on.after} (configurable: \`steps\` key \`${m.name}:${t.from}->${t.to}\`${t.on.bound === 'exactly' ? ', fixed' : ''})`,
    })),
  );
  const assumptions: { what: string; why: string; how: string }[] = [
    ...Object.entries(model.assumedInitial).map(([machine, s]) => ({
      what: `A new \`${machine}\` starts in \`${s}\``,
      why: 'No creation transition is documented.',
      how: 'not configurable',
    })),
    ...model.assumedProgressions.map((a) => ({
      what: `\`${a.machine}\`: \`${a.from}\` → \`${a.to}\` after ${duration(a.afterMs)}`,
      why: 'The documents do not show this progression.',
      how: `\`steps\`: \`"${a.machine}:${a.from}->${a.to}": <ms>\` or \`null\` (off)`,
    })),
    ...computed(model),
  ];
  const string = emulation.collections.find((c) => c.id.type === 'string' && c.parent === undefined);
  return {
    title: api.title,
    collections,
    operations,
    events,
    documented,
    assumptions,
    hasMachines: Object.keys(model.machines).length > 0,
    rateLimitHeaders: model.rateLimitHeaders,
    clientName: api.clientName,
    seedName: string?.name ?? '',
    correctCollection: emulation.collections[0]?.name ?? '',
    correctOperation: api.operations[0]?.operationId ?? '',
    listCall: list ? list.sdkPath.join('.') : '',
  };
}

/** What the fakes assume where the documents give no default. */
function computed(model: EmulatorModel): { what: string; why: string; how: string }[] {
  const ops = Object.values(model.operations);
  const computes = new Set(ops.map((o) => o.computes).filter(Boolean));
  const rows: { what: string; why: string; how: string }[] = [];
  if (computes.has('embedding'))
    rows.push({
      what: 'An embedding without `dimensions` has 1536',
      why: 'Sizes per model are not part of the spec',
      how: 'send `dimensions`',
    });
  if (computes.has('completion'))
    rows.push({
      what: 'A completion without `max_tokens` stops after 16 tokens at most',
      why: 'No default is documented',
      how: 'send `max_tokens`',
    });
  if (computes.has('image'))
    rows.push({
      what: 'An image without `size` (or `auto`) is 1024x1024',
      why: 'No default is documented',
      how: 'send `size`',
    });
  if (ops.some((o) => o.computes === 'speech' && o.streams && o.sseEvents === undefined))
    rows.push({
      what: 'Speech streamed as server-sent events: `{ type: "speech.audio.delta", audio: <base64> }` per 16 KiB, then `{ type: "speech.audio.done", usage }` (input tokens counted, one output token per chunk)',
      why: 'The events of this stream are not documented',
      how: 'not configurable',
    });
  if (computes.has('moderation'))
    rows.push({
      what: 'Moderation scores are small and unflagged unless the input holds `[flag:<category>]`',
      why: 'The emulator has no classifier',
      how: 'the marker in the input',
    });
  return rows;
}
