/** The route matcher built from the shared operation table (templates/server/pipeline/router.ts). */
import { describe, expect, it } from 'vitest';
import type { OperationFacts } from '../../templates/protocol/operation.ts';
import { routerOf } from '../../templates/server/pipeline/router.ts';

const op = (id: string, method: OperationFacts['method'], path: string): OperationFacts => ({
  id,
  method,
  path,
  status: 200,
  responses: [{ kind: 'empty' }],
});
const match = routerOf({
  getVideo: op('getVideo', 'GET', '/videos/{video_id}'),
  deleteVideo: op('deleteVideo', 'DELETE', '/videos/{video_id}'),
  listCharacters: op('listCharacters', 'GET', '/videos/characters'),
  content: op('content', 'GET', '/videos/{video_id}/content'),
  byOwner: op('byOwner', 'GET', '/{owner}/videos'),
  root: op('root', 'GET', '/'),
});

describe('routerOf', () => {
  it('prefers literal segments to parameters, position by position, whatever the table order', () => {
    expect(match('/videos/characters')).toEqual({ methods: { GET: 'listCharacters' }, params: {} });
    expect(match('/videos/v%201')?.params).toEqual({ video_id: 'v%201' });
    expect(match('/videos/content/content')).toMatchObject({
      methods: { GET: 'content' },
      params: { video_id: 'content' },
    });
    expect(match('/videos/videos')?.methods).toEqual({ DELETE: 'deleteVideo', GET: 'getVideo' });
    expect(match('/me/videos')).toMatchObject({ methods: { GET: 'byOwner' }, params: { owner: 'me' } });
    expect(match('/')).toEqual({ methods: { GET: 'root' }, params: {} });
  });

  it('binds a parameter between literal text in its segment (`{Sid}.json`), before a bare parameter', () => {
    const twilio = routerOf({
      fetch: op('fetch', 'GET', '/Accounts/{AccountSid}/Calls/{Sid}.json'),
      list: op('list', 'GET', '/Accounts/{AccountSid}/Calls/{Sid}'),
    });
    expect(twilio('/Accounts/AC1/Calls/CA2.json')).toEqual({
      methods: { GET: 'fetch' },
      params: { AccountSid: 'AC1', Sid: 'CA2' },
    });
    expect(twilio('/Accounts/AC1/Calls/CA2')?.methods).toEqual({ GET: 'list' });
    expect(twilio('/Accounts/AC1/Calls/.json')?.methods).toEqual({ GET: 'list' });
  });

  it('matches `?` of a path key as the client sends it, percent-encoded', () => {
    const acl = routerOf({ acl: op('acl', 'GET', '/{bucket}?acl') });
    expect(acl('/b%3Facl')).toEqual({ methods: { GET: 'acl' }, params: { bucket: 'b' } });
    expect(acl('/b')).toBeUndefined();
  });

  it('routes operations sharing a method and path to the one the table names; the others are reached through it', () => {
    const box = routerOf({
      folders: { ...op('folders', 'GET', '/shared_items'), routedVia: 'items' },
      items: { ...op('items', 'GET', '/shared_items'), candidates: ['folders', 'items'] },
    });
    expect(box('/shared_items')?.methods).toEqual({ GET: 'items' });
  });

  it('lists a path’s methods in alphabetical order (the Allow header’s order)', () => {
    expect(Object.keys(match('/videos/x')!.methods)).toEqual(['DELETE', 'GET']);
  });

  it('binds no empty segment and matches no other segment count', () => {
    expect(match('/videos/')).toBeUndefined();
    expect(match('//videos')).toBeUndefined();
    expect(match('/videos/x/content/more')).toBeUndefined();
    expect(match('/nothing')).toBeUndefined();
  });

  it('binds parameters into a record without a prototype', () => {
    const params = routerOf({ p: op('p', 'GET', '/{__proto__}') })('/x')!.params;
    expect(Object.getPrototypeOf(params)).toBeNull();
    expect(params['__proto__']).toBe('x');
  });
});
