import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
} from 'jose';
import Provider from 'oidc-provider';

/** A person known to the test provider: the claims its ID token carries. */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  groups?: string[];
  /** How the provider's own sign-in page says this person signed in (`amr`); `pwd` when unset. */
  amr?: string[];
}

export const TEST_CLIENT = { id: 'jalon', secret: 'jalon-test-secret-0123456789abcdef' } as const;

type Tamper = (claims: Record<string, unknown>) => Record<string, unknown>;

/** How the provider's back-channel logout request reaches the relying party (a server test injects it). */
export type BackChannelDelivery = (
  url: string,
  init: { headers: Headers; body: string },
) => Promise<Response>;

/** The relying party's back-channel logout URI, beside its redirect URI (same origin). */
const BACK_CHANNEL_LOGOUT_PATH = '/api/auth/sso/backchannel-logout';

/**
 * A real, certified OpenID provider (panva's oidc-provider) on loopback, with its own signing key,
 * one confidential client and an interaction that signs in `nextLogin` at once (server tests) or
 * shows a small form naming an account (the e2e spec). `tamper` re-signs the next ID token with the
 * provider's own key after changing some claims (expired, another audience, another nonce), so what
 * is tested is the relying party's checks, not a forged signature.
 */
export class OidcTestProvider {
  readonly accounts = new Map<string, TestAccount>();
  /** Who the next interaction signs in, and how (`amr`); null shows the form. */
  nextLogin: { sub: string; amr: string[] } | null = null;
  /** Applied once to the next ID token the token endpoint answers. */
  tamper: Tamper | null = null;
  /** A key the relying party has never seen: an ID token signed with it must be refused. */
  signWithForeignKey = false;
  /**
   * Where the provider's back-channel logout requests go; by default an ordinary fetch, without the
   * provider's guard against private addresses (the relying party listens on loopback here).
   */
  deliverBackChannel: BackChannelDelivery = (url, init) => fetch(url, { method: 'POST', ...init });
  private provider!: Provider;
  private privateJwk!: JWK;

  private constructor(
    private readonly server: http.Server,
    readonly issuer: string,
    private redirectUris: string[],
  ) {}

  static async start(redirectUris: string[], port = 0): Promise<OidcTestProvider> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const { port: bound } = server.address() as AddressInfo;
    const test = new OidcTestProvider(server, `http://127.0.0.1:${bound}`, redirectUris);
    await test.rotateKeys();
    server.on('request', (req, res) => void test.handle(req, res));
    return test;
  }

  /** The relying party's redirect URIs, once its address is known (the e2e server picks its port). */
  allowRedirects(redirectUris: string[]): void {
    this.redirectUris = redirectUris;
    this.provider = this.build();
  }

  /** A new signing key, and a provider that publishes only it (the old key is gone from the JWKS). */
  async rotateKeys(): Promise<void> {
    this.privateJwk = await newSigningKey();
    this.provider = this.build();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private build(): Provider {
    const accounts = this.accounts;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: TEST_CLIENT.id,
          client_secret: TEST_CLIENT.secret,
          redirect_uris: this.redirectUris,
          post_logout_redirect_uris: this.redirectUris.map((uri) => new URL('/login', uri).href),
          // Back-channel logout, with the provider's session id (`sid`) in the ID and logout tokens.
          ...(this.redirectUris[0]
            ? {
                backchannel_logout_uri: new URL(BACK_CHANNEL_LOGOUT_PATH, this.redirectUris[0]).href,
                backchannel_logout_session_required: true,
              }
            : {}),
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [this.privateJwk] },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: () => ({ ...account }) };
      },
      // `amr` with the openid scope: how the person signed in there, which Jalon reads for administrators.
      claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
      // The claims of the scopes asked for go in the ID token itself, as Keycloak and Authentik do.
      conformIdTokenClaims: false,
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: { enabled: true },
        backchannelLogout: { enabled: true },
      },
      // Its only outgoing requests here are back-channel logouts.
      fetch: async (input, init) =>
        this.deliverBackChannel(String(input), {
          headers: new Headers(init?.headers),
          body: String(init?.body),
        }),
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['oidc-test-provider-cookie-key'] },
    });
    provider.use(async (ctx, next) => {
      await next();
      await this.alterIdToken(ctx);
    });
    return provider;
  }

  /**
   * Signs the person of these provider cookies out at the provider, as its end-session page does when
   * they confirm: the provider then sends its back-channel logout to the relying party.
   */
  async endSession(jar: CookieJar): Promise<void> {
    const page = await fetchWithJar(jar, `${this.issuer}/session/end`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
    if (!xsrf) throw new Error('the provider showed no logout form');
    const confirm = await fetchWithJar(jar, `${this.issuer}/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    if (confirm.status >= 400) throw new Error(`the provider's logout answered ${confirm.status}`);
  }

  /** A logout token of these claims, signed with the provider's current key (or one nobody published). */
  async signLogoutToken(claims: Record<string, unknown>, options: { foreignKey?: boolean } = {}) {
    const key = options.foreignKey
      ? { ...(await newSigningKey()), kid: this.privateJwk.kid }
      : this.privateJwk;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: this.privateJwk.kid!, typ: 'logout+jwt' })
      .sign(await importPrivate(key));
  }

  private async alterIdToken(ctx: { path: string; body: unknown }): Promise<void> {
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !body?.id_token || (!this.tamper && !this.signWithForeignKey)) return;
    const claims = this.tamper ? this.tamper(decodeJwt(body.id_token)) : decodeJwt(body.id_token);
    const header = decodeProtectedHeader(body.id_token);
    const key = this.signWithForeignKey ? { ...(await newSigningKey()), kid: header.kid } : this.privateJwk;
    this.tamper = null;
    this.signWithForeignKey = false;
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: header.kid! })
      .sign(await importPrivate(key));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
      if (!match) return this.provider.callback()(req, res);
      const details = await this.provider.interactionDetails(req, res);
      if (match[2] && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const sub = form.get('sub') ?? '';
        return await this.finish(req, res, details, { sub, amr: this.accounts.get(sub)?.amr ?? ['pwd'] });
      }
      if (this.nextLogin) return await this.finish(req, res, details, this.nextLogin);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage(details.uid, [...this.accounts.values()]));
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  }

  private async finish(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    details: Awaited<ReturnType<Provider['interactionDetails']>>,
    login: { sub: string; amr: string[] },
  ): Promise<void> {
    const grant = new this.provider.Grant({
      accountId: login.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await this.provider.interactionFinished(
      req,
      res,
      { login: { accountId: login.sub, amr: login.amr }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }
}

/** A browser's cookies for the provider's site: name to value. */
export type CookieJar = Map<string, string>;

/** A request as a browser makes it: the jar's cookies sent, the answer's cookies kept; no redirect followed. */
export async function fetchWithJar(
  jar: CookieJar,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
  for (const setCookie of response.headers.getSetCookie()) {
    const [pair] = setCookie.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!, value.join('='));
  }
  return response;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
}

const importPrivate = (jwk: JWK) => importJWK(jwk, 'RS256');

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** The provider's own sign-in page, for the e2e spec: one button per account. */
function loginPage(uid: string, accounts: TestAccount[]): string {
  const buttons = accounts
    .map((account) => `<button name="sub" value="${account.sub}">${account.name}</button>`)
    .join('');
  return `<!doctype html><html lang="en"><head><title>Test provider</title><link rel="icon" href="data:,"></head><body><main><h1>Test provider</h1><form method="post" action="/interaction/${uid}/login">${buttons}</form></main></body></html>`;
}
