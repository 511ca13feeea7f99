// Copied by platform-api-codegen from its runtime (templates/client/core/token-provider.ts). Do not edit: every generation replaces it.
/**
 * Keeps a short-lived access token from the token exchange fresh. There is no refresh token, so it exchanges again
 * shortly before `expires_in` runs out; concurrent callers share one exchange.
 *
 *   const exchanger = new Client({ apiKey: null });
 *   const tokens = new AccessTokenProvider(() => exchanger.auth.exchangeToken({ ...jwtFields, subject_token: readJwt() }));
 *   const client = new Client({ apiKey: tokens.apiKey });
 */

export interface ExchangedToken {
  access_token: string;
  /** Seconds. */
  expires_in: number;
}

export interface AccessTokenProviderOptions {
  /** Refresh this many seconds before expiry (capped at half the lifetime). Default 60. */
  refreshBefore?: number;
  /** Milliseconds since the epoch (for tests). */
  now?: () => number;
}

export class AccessTokenProvider {
  private current: { token: string; refreshAt: number } | undefined;
  private pending: Promise<string> | undefined;
  private readonly refreshBefore: number;
  private readonly now: () => number;

  private readonly exchange: () => PromiseLike<ExchangedToken>;

  constructor(exchange: () => PromiseLike<ExchangedToken>, options: AccessTokenProviderOptions = {}) {
    this.exchange = exchange;
    this.refreshBefore = options.refreshBefore ?? 60;
    this.now = options.now ?? Date.now;
  }

  /** A valid access token, exchanging a new one when the cached one is about to expire. */
  token(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return Promise.resolve(this.current.token);
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
  }

  private async refresh(): Promise<string> {
    const started = this.now();
    const result = await this.exchange();
    const lifetime = Math.max(0, result.expires_in) * 1000;
    const margin = Math.min(this.refreshBefore * 1000, lifetime / 2);
    this.current = { token: result.access_token, refreshAt: started + lifetime - margin };
    return result.access_token;
  }
}
