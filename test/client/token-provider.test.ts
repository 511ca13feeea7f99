/** The access-token helper: refreshes before expiry, shares concurrent exchanges. */
import { describe, expect, it } from 'vitest';
import { AccessTokenProvider } from '../../templates/client/core/token-provider.ts';

describe('AccessTokenProvider', () => {
  it('caches the token and exchanges again shortly before expires_in runs out', async () => {
    let now = 0;
    let calls = 0;
    const provider = new AccessTokenProvider(
      async () => ({ access_token: `tok-${++calls}`, expires_in: 3600 }),
      { now: () => now },
    );
    expect(await provider.token()).toBe('tok-1');
    now = 3_539_000;
    expect(await provider.apiKey()).toBe('tok-1');
    now = 3_540_000;
    expect(await provider.token()).toBe('tok-2');
    provider.invalidate();
    expect(await provider.token()).toBe('tok-3');
  });

  it('caps the margin at half a short lifetime and shares one exchange between concurrent callers', async () => {
    let now = 0;
    let calls = 0;
    const provider = new AccessTokenProvider(
      async () => ({ access_token: `tok-${++calls}`, expires_in: 30 }),
      { now: () => now },
    );
    expect(await Promise.all([provider.token(), provider.token(), provider.token()])).toEqual([
      'tok-1',
      'tok-1',
      'tok-1',
    ]);
    now = 14_999;
    expect(await provider.token()).toBe('tok-1');
    now = 15_000;
    expect(await provider.token()).toBe('tok-2');
  });

  it('passes an exchange failure to every waiting caller and retries on the next call', async () => {
    let fail = true;
    const provider = new AccessTokenProvider(async () => {
      if (fail) throw new Error('invalid_grant');
      return { access_token: 'ok', expires_in: 60 };
    });
    await expect(Promise.all([provider.token(), provider.token()])).rejects.toThrow('invalid_grant');
    fail = false;
    expect(await provider.token()).toBe('ok');
  });

  it('refuses an exchange answer without an access_token', async () => {
    const provider = new AccessTokenProvider(async () => ({ token: 'misnamed' }) as never);
    await expect(provider.token()).rejects.toThrow('The token exchange answered without an access_token.');
  });
});
