/** Cross-cutting features through the generated client: pagination, withResponse, errors, webhooks, the token helper. */
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AccessTokenProvider,
  NotFoundError,
  PlatformClient,
  WebhookVerificationError,
} from '../helpers/generated.ts';
import { json, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('generated client', () => {
  it('iterates vector stores across pages and exposes withResponse', async () => {
    const ids = ['vs_1', 'vs_2', 'vs_3', 'vs_4', 'vs_5'];
    server = await startServer((req, res) => {
      const start = req.query.after ? ids.indexOf(req.query.after as string) + 1 : 0;
      const data = ids.slice(start, start + 2).map((id) => ({ id, object: 'vector_store' }));
      json(
        res,
        200,
        {
          object: 'list',
          data,
          first_id: data[0]?.id ?? null,
          last_id: data.at(-1)?.id ?? null,
          has_more: start + 2 < ids.length,
        },
        { 'x-request-id': `req_${start}`, 'x-ratelimit-remaining-requests': '9' },
      );
    });
    const client = new PlatformClient({ apiKey: 'k', baseURL: server.url });
    const seen: string[] = [];
    for await (const store of client.vectorStores.list({ limit: 2 })) seen.push(store.id);
    expect(seen).toEqual(ids);
    expect(server.requests.map((r) => r.query.after ?? null)).toEqual([null, 'vs_2', 'vs_4']);
    const { data, requestId, rateLimit } = await client.vectorStores.list({ limit: 2 }).withResponse();
    expect([data.items.length, data.hasNextPage(), requestId, rateLimit.remainingRequests]).toEqual([
      2,
      true,
      'req_0',
      9,
    ]);
  });

  it('throws the typed error with the request id', async () => {
    server = await startServer((_req, res) =>
      json(
        res,
        404,
        { error: { message: 'No such video', code: 'not_found' } },
        { 'x-request-id': 'req_404' },
      ),
    );
    const client = new PlatformClient({ apiKey: 'k', baseURL: server.url });
    const error = await client.videos.delete('video_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).requestId).toBe('req_404');
  });

  it('client.webhooks.unwrap verifies a delivery signed by standardwebhooks and returns the event', async () => {
    const secret = 'whsec_' + Buffer.from('a webhook secret of 24b').toString('base64');
    const client = new PlatformClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:1', webhookSecret: secret });
    const body = JSON.stringify({
      object: 'event',
      id: 'evt_1',
      type: 'response.completed',
      created_at: 1,
      data: { id: 'resp_1' },
    });
    const now = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now),
      'webhook-signature': new Webhook(secret).sign('msg_1', new Date(now * 1000), body),
    };
    const event = await client.webhooks.unwrap(body, headers);
    expect([event.type, event.data.id]).toEqual(['response.completed', 'resp_1']);
    await expect(client.webhooks.unwrap(body.replace('resp_1', 'resp_2'), headers)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
  });

  it('keeps an exchanged access token fresh for API calls', async () => {
    let minted = 0;
    server = await startServer((req, res) => {
      if (req.path === '/oauth/token')
        json(res, 200, {
          access_token: `at_${++minted}`,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
          expires_in: 3600,
        });
      else json(res, 200, { id: 'm', object: 'model', created: 1, owned_by: 'o' });
    });
    const exchanger = new PlatformClient({
      apiKey: null,
      baseURL: server.url,
      serverVariables: { auth_url: server.url },
    });
    const tokens = new AccessTokenProvider(() =>
      exchanger.auth.exchangeToken({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
        subject_token: 'jwt',
        identity_provider_id: 'idp',
        service_account_id: 'sa',
      }),
    );
    const client = new PlatformClient({ apiKey: tokens.apiKey, baseURL: server.url });
    await client.models.retrieve('m');
    await client.models.retrieve('m');
    expect(minted).toBe(1);
    expect(server.requests.filter((r) => r.path === '/models/m').map((r) => r.headers.authorization)).toEqual(
      ['Bearer at_1', 'Bearer at_1'],
    );
  });
});
