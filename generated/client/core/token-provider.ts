// Copied by platform-api-codegen from its runtime (templates/client/core/token-provider.ts). Do not edit: every generation replaces it.
/**
 * Keeps a short-lived access token from the token exchange fresh. There is no refresh token, so it exchanges again
 * shortly before `expires_in` runs out; concurrent callers share one exchange.
 *
 *   // exchange(): your API's token exchange, answering { access_token, expires_in }
 *   const tokens = new AccessTokenProvider(() => exchange());
 *   const client = new Client({ apiKey: tokens.apiKey });
 */

export interface ExchangedToken {
  access_token: string;
  /** Seconds. Missing, zero, negative or below `minLifetime`: `minLifetime`. */
  expires_in?: number;
}

export interface AccessTokenProviderOptions {
  /** Refresh this many seconds before expiry (capped at half the lifetime). Default 60. */
  refreshBefore?: number;
  /**
   * The lifetime in seconds assumed for a token whose `expires_in` is missing, not positive or smaller: without a
   * floor every call would exchange again. Default 30.
   */
  minLifetime?: number;
  /** Milliseconds since the epoch (for tests). */
  now?: () => number;
}

/** After a failed refresh the still-valid token is used, and the next attempt waits 1 s, doubling up to 30 s. */
const FIRST_BACKOFF = 1_000;
const MAX_BACKOFF = 30_000;

export class AccessTokenProvider {
  private current: { token: string; refreshAt: number; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;
  /** Failed refreshes in a row while a valid token remained, and when the next may start. */
  private failures = 0;
  private retryAt = 0;
  private readonly refreshBefore: number;
  private readonly minLifetime: number;
  private readonly now: () => number;

  private readonly exchange: () => PromiseLike<ExchangedToken>;

  constructor(exchange: () => PromiseLike<ExchangedToken>, options: AccessTokenProviderOptions = {}) {
    this.exchange = exchange;
    this.refreshBefore = options.refreshBefore ?? 60;
    this.minLifetime = options.minLifetime ?? 30;
    this.now = options.now ?? Date.now;
  }

  /**
   * A valid access token. Shortly before expiry it exchanges again; if that fails while the cached token is still
   * valid, the cached one is returned and the refresh is retried with backoff. It throws only when no valid token
   * remains and the exchange fails.
   */
  token(): Promise<string> {
    const current = this.current;
    if (current) {
      const now = this.now();
      if (now < current.refreshAt || (now < this.retryAt && now < current.expiresAt))
        return Promise.resolve(current.token);
    }
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** For `new Client({ apiKey: provider.apiKey })`. */
  readonly apiKey = (): Promise<string> => this.token();

  /** Forgets the cached token (e.g. after a 401), so the next call exchanges again. */
  invalidate(): void {
    this.current = undefined;
    this.failures = 0;
    this.retryAt = 0;
  }

  private async refresh(): Promise<string> {
    const started = this.now();
    let result: ExchangedToken | null;
    try {
      // The caller's exchange may answer anything (null from a server, say), whatever its type says.
      result = (await this.exchange()) as ExchangedToken | null;
      if (typeof result?.access_token !== 'string' || result.access_token === '')
        throw new Error('The token exchange answered without an access_token.');
    } catch (error) {
      const current = this.current;
      const now = this.now();
      if (!current || now >= current.expiresAt) throw error;
      this.retryAt = now + Math.min(FIRST_BACKOFF * 2 ** this.failures, MAX_BACKOFF);
      this.failures++;
      return current.token;
    }
    const seconds =
      typeof result.expires_in === 'number' && Number.isFinite(result.expires_in) ? result.expires_in : 0;
    const lifetime = Math.max(seconds, this.minLifetime) * 1000;
    const margin = Math.min(this.refreshBefore * 1000, lifetime / 2);
    this.current = {
      token: result.access_token,
      refreshAt: started + lifetime - margin,
      expiresAt: started + lifetime,
    };
    this.failures = 0;
    this.retryAt = 0;
    return result.access_token;
  }
}
