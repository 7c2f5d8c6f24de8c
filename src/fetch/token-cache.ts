export interface IssuedToken {
  accessToken: string;
  /** Lifetime in seconds as the identity provider states it (expires_in). */
  expiresInS: number;
}

/**
 * Holds the management API's access token (spec 7.3: "a token-caching endpoint"). A token is
 * reused until shortly before it expires; concurrent callers share one pending token request,
 * and a refresh after a 401 is shared the same way, so many requests fetch one token.
 */
export class TokenCache {
  #current: { token: string; renewAt: number } | undefined;
  #pending: Promise<string> | undefined;

  constructor(
    private readonly requestToken: () => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
    /** Renew this long before expiry, at most a tenth of the lifetime. */
    private readonly marginMs = 60_000,
  ) {}

  /** A valid token: the cached one, the pending request's, or a new one. */
  get(): Promise<string> {
    if (this.#current && this.now() < this.#current.renewAt) return Promise.resolve(this.#current.token);
    return this.#load();
  }

  /**
   * After `rejected` met a 401: a new token, unless another caller has replaced it already
   * (then that newer token), so one burst of 401s costs one token request.
   */
  refresh(rejected: string): Promise<string> {
    if (this.#pending) return this.#pending;
    if (this.#current && this.#current.token !== rejected && this.now() < this.#current.renewAt)
      return Promise.resolve(this.#current.token);
    this.#current = undefined;
    return this.#load();
  }

  #load(): Promise<string> {
    this.#pending ??= this.requestToken()
      .then(({ accessToken, expiresInS }) => {
        const lifetimeMs = expiresInS * 1000;
        this.#current = {
          token: accessToken,
          renewAt: this.now() + lifetimeMs - Math.min(this.marginMs, lifetimeMs / 10),
        };
        return accessToken;
      })
      .finally(() => {
        this.#pending = undefined;
      });
    return this.#pending;
  }
}
