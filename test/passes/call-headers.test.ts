/** The call-headers pass: which declared headers a client method takes, and its idempotency header. */
import { describe, expect, it } from 'vitest';
import { decideCallHeaders } from '../../generator/passes/call-headers.ts';
import { parameter, parsedApi, parsedOperation, t } from '../helpers/model-factory.ts';

const header = (name: string) => parameter(name, 'header', t.string());

describe('decideCallHeaders', () => {
  const api = parsedApi({
    operations: [
      parsedOperation('createTicket', 'post', '/tickets', {
        parameters: [
          header('Idempotency-Key'),
          header('X-Trace'),
          header('Service-Organization'),
          header('x-client-request-id'),
          header('Accept'),
          header('Content-Type'),
          header('Authorization'),
          parameter('limit', 'query', t.integer()),
        ],
      }),
      parsedOperation('listTickets', 'get', '/tickets'),
    ],
  });

  it('takes every declared header but the client’s own and those OpenAPI ignores, in declared order', () => {
    const table = decideCallHeaders(api, ['Service-Organization']);
    expect(table.onCall.get('createTicket')).toEqual(['Idempotency-Key', 'X-Trace']);
    expect(table.onCall.get('listTickets')).toEqual([]);
    expect(table.idempotency.get('createTicket')).toBe('Idempotency-Key');
    expect(table.idempotency.has('listTickets')).toBe(false);
  });

  it('puts a header on the call when the config does not set it from an option', () => {
    expect(decideCallHeaders(api, []).onCall.get('createTicket')).toEqual([
      'Idempotency-Key',
      'X-Trace',
      'Service-Organization',
    ]);
  });
});
