/** What the emulator's README says of this API: its collections, lifecycles and every assumption the emulator makes. */
import type { Api } from '../../ir/api.ts';
import type { EmulatorModel } from './model.ts';

const duration = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;

export function readmeData(api: Api, model: EmulatorModel): Record<string, unknown> {
  // A list the README's client example pages through: one without path parameters or required query parameters.
  const list = api.operations.find(
    (o) =>
      model.operations[o.operationId]?.kind === 'list' &&
      !o.path.includes('{') &&
      !o.parameters.some((p) => p.required && p.in !== 'header'),
  );
  const ops = Object.entries(model.operations);
  const collections = Object.values(model.collections).map((c) => ({
    path: c.path.replace(/\{\}/g, '{id}'),
    schema: c.schema,
    machine: c.machine ?? '',
    operations: ops
      .filter(([, o]) => o.collection === c.path)
      .map(([id, o]) => `\`${id}\` (${o.kind})`)
      .join(', '),
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
  ];
  const computes = new Set(
    Object.values(model.operations)
      .map((o) => o.computes)
      .filter(Boolean),
  );
  const computed = [
    ...(computes.has('embedding')
      ? [
          {
            what: 'An embedding without `dimensions` has 1536',
            why: 'Sizes per model are not part of the spec',
            how: 'send `dimensions`',
          },
        ]
      : []),
    ...(computes.has('completion')
      ? [
          {
            what: 'A completion without `max_tokens` stops after 16 tokens at most',
            why: 'No default is documented',
            how: 'send `max_tokens`',
          },
        ]
      : []),
    ...(computes.has('image')
      ? [
          {
            what: 'An image without `size` (or `auto`) is 1024x1024',
            why: 'No default is documented',
            how: 'send `size`',
          },
        ]
      : []),
    ...(Object.values(model.operations).some(
      (o) => o.computes === 'speech' && o.streams && o.sseEvents === undefined,
    )
      ? [
          {
            what: 'Speech streamed as server-sent events: `{ type: "speech.audio.delta", audio: <base64> }` per 16 KiB, then `{ type: "speech.audio.done" }`',
            why: 'The events of this stream are not documented',
            how: 'not configurable',
          },
        ]
      : []),
    ...(computes.has('moderation')
      ? [
          {
            what: 'Moderation scores are small and unflagged unless the input holds `[flag:<category>]`',
            why: 'The emulator has no classifier',
            how: 'the marker in the input',
          },
        ]
      : []),
  ];
  return {
    title: api.title,
    collections,
    documented,
    assumptions: [...assumptions, ...computed],
    hasMachines: Object.keys(model.machines).length > 0,
    webhooks: model.webhooks,
    rateLimitHeaders: model.rateLimitHeaders,
    clientName: api.clientName,
    seedPath:
      Object.values(model.collections).find((c) => !c.path.includes('{}') && c.idType === 'string')?.path ??
      '',
    listCall: list ? list.sdkPath.join('.') : '',
  };
}
