/**
 * Forward compatibility, as the seeds' Versioning rules require of clients: new response properties, changed
 * property order, longer or differently shaped IDs, unknown enum values and new stream event types are tolerated.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../helpers/generated.ts';
import { json, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sse(res: ServerResponse, lines: string[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const line of lines) res.write(line);
  res.end();
}

describe('forward compatibility of the generated client', () => {
  it('passes through new properties, reordered properties, long IDs and unknown enum values', async () => {
    const video = {
      // Reordered keys, an ID far longer than today's, and a status value the spec does not list.
      status: 'archived',
      size: '720x1280',
      id: `video_${'x'.repeat(300)}`,
      object: 'video',
      model: 'sora-3',
      progress: 100,
      seconds: '8',
      created_at: 1,
      completed_at: null,
      expires_at: null,
      error: null,
      prompt: 'p',
      remixed_from_video_id: null,
      brand_new_field: { nested: [1, 2, 3] },
    };
    server = await startServer((_req, res) => json(res, 200, video));
    const client = new PlatformClient({ apiKey: 'k', baseURL: server.url });
    const result = await client.videos.remix('video_1', { prompt: 'again' });
    expect(result).toEqual(video);
    expect(result.status).toBe('archived');
    expect((result as unknown as { brand_new_field: unknown }).brand_new_field).toEqual({
      nested: [1, 2, 3],
    });
  });

  it('skips named stream events of unknown types in typed iteration and keeps them in events()', async () => {
    const lines = [
      'event: image_edit.partial_image\ndata: {"type":"image_edit.partial_image","b64_json":"AA","partial_image_index":0}\n\n',
      'event: image_edit.moderation_note\ndata: {"type":"image_edit.moderation_note","note":"new in a later version"}\n\n',
      'event: image_edit.completed\ndata: {"type":"image_edit.completed","b64_json":"BB","usage":{"total_tokens":3,"input_tokens":1,"output_tokens":2,"input_tokens_details":{"text_tokens":1,"image_tokens":0}},"extra":true}\n\n',
    ];
    server = await startServer((_req, res) => sse(res, lines));
    const client = new PlatformClient({ apiKey: 'k', baseURL: server.url });
    const typed: string[] = [];
    for await (const event of await client.images.edit({
      prompt: 'p',
      images: [{ file_id: 'file_1' }],
      stream: true,
    }))
      typed.push(event.type);
    expect(typed).toEqual(['image_edit.partial_image', 'image_edit.completed']);
    const raw: string[] = [];
    const stream = await client.images.edit({ prompt: 'p', images: [{ file_id: 'file_1' }], stream: true });
    for await (const event of stream.events()) raw.push(event.event);
    expect(raw).toEqual(['image_edit.partial_image', 'image_edit.moderation_note', 'image_edit.completed']);
  });

  it('accepts completion chunks with new fields and unknown finish reasons', async () => {
    const chunk = (extra: object) =>
      `data: ${JSON.stringify({ id: 'cmpl_1', object: 'text_completion', created: 1, model: 'm', choices: [{ index: 0, text: 'hi', logprobs: null, finish_reason: null }], ...extra })}\n\n`;
    server = await startServer((_req, res) =>
      sse(res, [
        chunk({ obfuscation: 'xyz', service_tier: 'new' }),
        `data: ${JSON.stringify({ id: 'cmpl_1', object: 'text_completion', created: 1, model: 'm', choices: [{ index: 0, text: '', logprobs: null, finish_reason: 'tool_calls' }] })}\n\n`,
        'data: [DONE]\n\n',
      ]),
    );
    const client = new PlatformClient({ apiKey: 'k', baseURL: server.url });
    const reasons: (string | null)[] = [];
    for await (const c of await client.completions.create({ model: 'm', prompt: 'p', stream: true }))
      reasons.push(c.choices[0]?.finish_reason ?? null);
    expect(reasons).toEqual([null, 'tool_calls']);
  });
});
