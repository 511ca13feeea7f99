/** The request-lines pass: the path each operation is sent on, and how operations sharing one are told apart. */
import { describe, expect, it } from 'vitest';
import { decideRequestLines } from '../../generator/passes/request-lines.ts';
import { parsedApi, parsedOperation } from '../helpers/model-factory.ts';
import { locate, strict, tolerant } from './helpers.ts';

const key = [{ scheme: 'key', scopes: [] }];

describe('decideRequestLines', () => {
  const api = parsedApi({
    operations: [
      parsedOperation('updateFile', 'put', '/files/{file_id}'),
      parsedOperation('addLink', 'put', '/files/{file_id}#add_shared_link'),
      parsedOperation('removeLink', 'put', '/files/{file_id}#remove_shared_link'),
      parsedOperation('getFile', 'get', '/files/{file_id}'),
      parsedOperation('addOption', 'put', '/schema#add'),
      parsedOperation('deleteOption', 'put', '/schema#delete'),
    ],
  });

  it('sends a path key without its `#` text', () => {
    const { wirePath } = decideRequestLines(api, locate, strict());
    expect(Object.fromEntries(wirePath)).toEqual({
      updateFile: '/files/{file_id}',
      addLink: '/files/{file_id}',
      removeLink: '/files/{file_id}',
      getFile: '/files/{file_id}',
      addOption: '/schema',
      deleteOption: '/schema',
    });
  });

  it('routes a shared line to the plain key, which tries the `#` keys first in spec order, itself last', () => {
    const { candidates, routedVia } = decideRequestLines(api, locate, strict());
    expect(Object.fromEntries(candidates)).toEqual({
      updateFile: ['addLink', 'removeLink', 'updateFile'],
      addOption: ['addOption', 'deleteOption'],
    });
    expect(Object.fromEntries(routedVia)).toEqual({
      addLink: 'updateFile',
      removeLink: 'updateFile',
      deleteOption: 'addOption',
    });
  });

  it('leaves out, and reports, an operation whose security differs from the routed one', () => {
    const differing = parsedApi({
      operations: [
        parsedOperation('updateFile', 'put', '/files/{file_id}'),
        parsedOperation('addLink', 'put', '/files/{file_id}#add_shared_link', { security: [key] }),
      ],
    });
    const errors = strict();
    decideRequestLines(differing, locate, errors);
    expect(errors.errors.map((e) => [e.code, e.message, e.location.pointer])).toEqual([
      [
        'unsupported',
        'addLink shares the request line PUT /files/{file_id} with updateFile but differs in its security, so the server cannot tell its requests apart before reading them',
        '#/paths/~1files~1{file_id}#add_shared_link/put',
      ],
    ]);
    const diagnostics = tolerant();
    const table = decideRequestLines(differing, locate, diagnostics);
    expect(table.candidates.size).toBe(0);
    expect(table.routedVia.get('addLink')).toBe('updateFile');
    expect(diagnostics.warnings.map((w) => w.fallback)).toEqual([
      'the server routes PUT /files/{file_id} to updateFile and never to addLink; the client sends it as declared',
    ]);
  });
});
