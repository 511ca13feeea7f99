/** The naming pass on parsed models built with the factory: every identifier it decides, and its collisions. */
import { describe, expect, it } from 'vitest';
import {
  parameter,
  parsedApi,
  parsedMachine,
  parsedOperation,
  parsedSchema,
  response,
  t,
} from '../helpers/model-factory.ts';
import type { ParsedApi } from '../../generator/ir/api.ts';
import { decideAreas } from '../../generator/passes/areas.ts';
import { decideNames, type NameOptions } from '../../generator/passes/names.ts';
import { locate, strict, tolerant } from './helpers.ts';

const names = (api: ParsedApi, options: NameOptions = {}, diagnostics = strict()) =>
  decideNames(api, decideAreas(api), locate, diagnostics, options);

function model(): ParsedApi {
  return parsedApi({
    title: 'Acme Projects API',
    schemas: [
      parsedSchema(
        'Video',
        t.object({
          id: t.string(),
          status: t.enum(['queued', 'done'], { pointer: '#/components/schemas/Video/properties/status' }),
        }),
      ),
      parsedSchema('image_edit', t.object({ size: t.string() })),
      parsedSchema('Order', t.enum(['asc', 'desc'], { pointer: '#/components/schemas/Order' })),
    ],
    operations: [
      parsedOperation('getVideo', 'get', '/videos/{video_id}', {
        parameters: [
          parameter('video_id', 'path'),
          parameter('limit', 'query', t.integer(), { component: 'Limit' }),
        ],
        responses: [response('200', t.ref('Video'))],
      }),
      parsedOperation('copy', 'post', '/copy/{class}/{ID}/{id}', {
        parameters: [parameter('ID', 'path'), parameter('class', 'path'), parameter('id', 'path')],
        responses: [response('201', t.object({ ok: t.boolean() }))],
      }),
    ],
    webhooks: [
      {
        name: 'video.completed',
        method: 'post',
        headers: [],
        responses: [],
        pointer: '#/webhooks/video.completed/post',
      },
    ],
    stateMachines: [parsedMachine('video', { schema: 'Video' })],
  });
}

describe('decideNames', () => {
  it('keeps a PascalCase component name and normalises others', () => {
    expect(Object.fromEntries(names(model()).schemas)).toEqual({
      Video: 'Video',
      image_edit: 'ImageEdit',
      Order: 'Order',
    });
  });

  it("names an operation's types and functions, a single named response by its schema", () => {
    expect(names(model()).operations.get('getVideo')).toEqual({
      pascal: 'GetVideo',
      pathParams: 'GetVideoPathParams',
      query: 'GetVideoQuery',
      headers: 'GetVideoHeaders',
      body: 'GetVideoBody',
      response: 'Video',
      validateRequest: 'validateGetVideoRequest',
      validateResponse: 'validateGetVideoResponse',
    });
    expect(names(model()).operations.get('copy')!.response).toBe('CopyResponse');
  });

  it('makes path parameters safe, distinct identifiers', () => {
    expect(Object.fromEntries(names(model()).pathIdentifiers.get('copy')!)).toEqual({
      ID: 'id',
      class: 'class_',
      id: 'id2',
    });
  });

  it('names the shared reader of a component parameter', () => {
    expect(Object.fromEntries(names(model()).readers)).toEqual({ Limit: 'readLimitParameter' });
  });

  it('numbers operationIds that give the same PascalCase', () => {
    const api = model();
    api.operations.push(parsedOperation('get-video', 'get', '/v2/videos', {}));
    expect(names(api).operations.get('get-video')!.pascal).toBe('GetVideo2');
  });

  it('names webhooks, state machines, validators and the client', () => {
    const n = names(model());
    expect(n.webhooks.get('video.completed')).toBe('VideoCompletedWebhook');
    expect(n.machines.get('video')).toEqual({ typeName: 'VideoState', constName: 'videoMachine' });
    expect(n.validators.get('image_edit')).toEqual({ is: 'isImageEdit', check: 'checkImageEdit' });
    expect(n.clientName).toBe('AcmeProjectsClient');
    expect(n.envPrefix).toBe('ACME_PROJECTS_');
  });

  it("takes the config's client name and environment prefix", () => {
    const n = names(model(), { clientName: 'Acme', envPrefix: 'ACME_V2_' });
    expect([n.clientName, n.envPrefix]).toEqual(['Acme', 'ACME_V2_']);
  });

  it('hoists every enum once: a named enum keeps its name, another is named from its place', () => {
    const n = names(model());
    expect(n.enums.map((e) => [e.typeName, e.valuesName, e.guardName, e.area])).toEqual([
      ['Order', 'ORDER_VALUES', 'isOrder', 'common'],
      ['VideoStatus', 'VIDEO_STATUS_VALUES', 'isVideoStatus', 'common'],
    ]);
    expect(n.enumNames.get('#/components/schemas/Video/properties/status')).toBe('VideoStatus');
  });

  it('reports two author-chosen names that meet (an error in strict mode, renamed in tolerant)', () => {
    const api = model();
    api.schemas.push(parsedSchema('GetVideoQuery', t.string()));
    const errors = strict();
    names(api, {}, errors);
    expect(errors.errors.map((e) => e.code)).toEqual(['identifier-collision']);
    const warnings = tolerant();
    expect(names(api, {}, warnings).operations.get('getVideo')!.query).toBe('GetVideoQuery2');
    expect(warnings.warnings[0]!.message).toContain(
      "the name 'GetVideoQuery' is claimed by schema 'GetVideoQuery' and by operation 'getVideo'",
    );
  });

  it('leaves the parsed model as it is', () => {
    const api = model();
    const before = structuredClone(api);
    names(api);
    expect(api).toEqual(before);
  });
});
