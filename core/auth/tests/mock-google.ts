import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Events, OAuth2Server, type MutableRedirectUri, type MutableResponse, type MutableToken } from 'oauth2-mock-server';

export interface GoogleUserinfo {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

/**
 * A real OAuth 2 / OpenID Connect server on 127.0.0.1 standing in for Google. Like Google, its userinfo endpoint
 * answers for the access token presented: each token is bound to the identity that was signing in when it was issued.
 */
export class MockGoogle {
  private readonly server = new OAuth2Server();
  private readonly identityByAccessToken = new Map<string, GoogleUserinfo>();
  /** Who "chooses their account" at the consent screen for the next code exchange. */
  signingIn: GoogleUserinfo | null = null;
  /** Form bodies of the token requests, newest last. */
  readonly tokenRequests: Array<Record<string, unknown>> = [];

  get issuer(): string {
    const url = this.server.issuer.url;
    if (!url) throw new Error('the mock Google server is not running');
    return url;
  }

  async start(): Promise<void> {
    await this.server.issuer.keys.generate('RS256');
    await this.server.start(0, '127.0.0.1');
    // Tokens signed in the same second with the same claims would be identical; a jti keeps each one distinct.
    this.server.service.on(Events.BeforeTokenSigning, (token: MutableToken) => {
      token.payload.jti = randomUUID();
    });
    this.server.service.on(Events.BeforeResponse, (response: MutableResponse, req: IncomingMessage & { body: Record<string, unknown> }) => {
      this.tokenRequests.push({ ...req.body });
      const accessToken = response.body === '' ? undefined : response.body.access_token;
      if (typeof accessToken === 'string' && this.signingIn) this.identityByAccessToken.set(accessToken, { ...this.signingIn });
    });
    this.server.service.on(Events.BeforeUserinfo, (response: MutableResponse, req: IncomingMessage) => {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const identity = bearer ? this.identityByAccessToken.get(bearer) : undefined;
      if (identity) {
        response.body = { ...identity };
      } else {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
      }
    });
  }

  async stop(): Promise<void> {
    this.server.service.removeAllListeners();
    await this.server.stop();
  }

  /** An access token issued straight to some other client, as a malicious app the user once authorised would hold. */
  async accessTokenIssuedElsewhere(identity: GoogleUserinfo): Promise<string> {
    this.signingIn = identity;
    const response = await fetch(`${this.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'some-other-app', scope: 'openid email profile' }),
    });
    const body = (await response.json()) as { access_token: string };
    return body.access_token;
  }

  /** The next authorization ends with `?error=access_denied` instead of a code, as when the user cancels. */
  denyNextAuthorization(): void {
    this.server.service.once(Events.BeforeAuthorizeRedirect, ({ url }: MutableRedirectUri) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
  }

  /** The next code exchange fails as Google does for a used or expired code. */
  failNextTokenExchange(): void {
    this.server.service.once(Events.BeforeResponse, (response: MutableResponse) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
  }

  /** Puts claims into the next tokens the server signs (the access token and the id_token). */
  addClaimsToNextTokens(claims: Record<string, unknown>): void {
    const addClaims = (token: MutableToken) => Object.assign(token.payload, claims);
    this.server.service.on(Events.BeforeTokenSigning, addClaims);
    this.server.service.once(Events.BeforeResponse, () => this.server.service.off(Events.BeforeTokenSigning, addClaims));
  }
}
