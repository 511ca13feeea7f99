/**
 * The one per-operation table: the client's table and the server's view are built from the entries of
 * protocol/operations.ts (no fact of one is written again in the other), and the server derives its per-request
 * view (limits, default and variant contents, SSE framing) from it at startup.
 */
import { describe, expect, it } from 'vitest';
import { operations as clientOperations } from '../../generated/client/operations.ts';
import { operations as facts } from '../../generated/protocol/operations.ts';
import { routes } from '../../generated/server/routes.ts';
import { operationMetas } from '../../templates/server/pipeline/operations.ts';
import type { Routes } from '../../templates/server/core/types.ts';

const accept = () => ({ ok: true as const, value: undefined });

describe('the shared operation table', () => {
  it('is what both sides read: the client spreads each entry, the server routes by it', () => {
    expect(Object.keys(clientOperations)).toEqual(Object.keys(facts));
    for (const [id, entry] of Object.entries(facts)) {
      const client = clientOperations[id as keyof typeof clientOperations];
      // The client's entry holds the shared entry's very values (not copies printed twice)...
      for (const [field, value] of Object.entries(entry))
        expect(client[field as keyof typeof client], `${id}.${field}`).toBe(value);
      // ...and adds only its own fields.
      const own = Object.keys(client).filter((k) => !(k in entry));
      expect(
        own.every((k) => ['body', 'paging', 'servers', 'headerKeys', 'idempotencyHeader'].includes(k)),
        `${id}: ${own.join(', ')}`,
      ).toBe(true);
    }
    expect(routes.operations).toBe(facts);
    expect(Object.keys(routes.validators).sort()).toEqual(Object.keys(facts).sort());
  });

  it('gives the server its per-request view: lower-cased media types, the small limit without files, success contents', () => {
    const table: Routes = {
      basePath: '',
      match: () => undefined,
      validators: { upload: accept, chat: accept, none: accept },
      operations: {
        upload: {
          id: 'upload',
          method: 'POST',
          path: '/u',
          requestBody: { required: true, mediaTypes: { 'Multipart/Form-Data': 'multipart' } },
          status: 201,
          responses: [{ kind: 'json', mediaType: 'application/json' }],
        },
        chat: {
          id: 'chat',
          method: 'POST',
          path: '/c',
          auth: false,
          requestBody: { required: false, mediaTypes: { 'application/json': 'json' } },
          status: 200,
          responses: [
            { kind: 'json', mediaType: 'application/json' },
            {
              kind: 'sse',
              mediaType: 'text/event-stream',
              when: { stream: [true] },
              framing: 'data-only',
              terminator: '[DONE]',
            },
          ],
        },
        none: { id: 'none', method: 'DELETE', path: '/n', status: 204, responses: [{ kind: 'empty' }] },
      },
    };
    const metas = operationMetas(table);
    expect(metas.upload).toMatchObject({
      operationId: 'upload',
      secured: true,
      body: { required: true, mediaTypes: { 'multipart/form-data': 'multipart' } },
      success: { status: 201, kind: 'json', mediaType: 'application/json' },
    });
    expect(metas.upload!.body!.maxBytes).toBeUndefined();
    expect(metas.chat).toMatchObject({
      secured: false,
      body: { maxBytes: 1024 * 1024 },
      success: { status: 200, kind: 'json' },
      variants: [{ status: 200, kind: 'sse', mediaType: 'text/event-stream', when: { stream: [true] } }],
      sse: { framing: 'data-only', terminator: '[DONE]' },
    });
    expect(metas.none).toMatchObject({ success: { status: 204, kind: 'empty' } });
    expect(metas.none!.body).toBeUndefined();
    expect(metas.none!.variants).toBeUndefined();
  });

  it('refuses a table whose operation has no validator', () => {
    const table: Routes = {
      basePath: '',
      match: () => undefined,
      validators: {},
      operations: {
        lone: { id: 'lone', method: 'GET', path: '/l', status: 200, responses: [{ kind: 'empty' }] },
      },
    };
    expect(() => operationMetas(table)).toThrow('No request validator for operation lone.');
  });
});
