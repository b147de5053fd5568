import * as client from 'openid-client';
import { SSO } from '@jalon/contract';
import { ConfigError, type OidcConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/** Seconds a discovery request may take before the provider counts as unreachable. */
const DISCOVERY_TIMEOUT_SECONDS = 5;

/**
 * The provider's discovered configuration (openid-client). Discovery runs at start-up: a provider that
 * answers but does not match the settings (another issuer, no such client) stops the start-up naming
 * OIDC_ISSUER_URL; one that does not answer leaves the button saying 'Connexion SSO indisponible' and
 * is asked again, at most every `SSO.retrySeconds`, whenever someone looks at /login or presses the
 * button.
 */
export class OidcProviderLink {
  private configuration: client.Configuration | null = null;
  private lastAttemptAt = 0;
  private attempt: Promise<client.Configuration | null> | null = null;

  constructor(
    private readonly oidc: OidcConfig,
    private readonly log: (error: unknown) => void,
  ) {}

  /** At start-up: a misconfiguration throws `ConfigError`; an unreachable provider does not. */
  async start(): Promise<void> {
    try {
      this.configuration = await this.discover();
    } catch (error) {
      if (!isUnreachable(error)) {
        throw new ConfigError(
          `Invalid environment variable OIDC_ISSUER_URL: discovery failed (${describe(error)})`,
        );
      }
      this.log(error);
    } finally {
      this.lastAttemptAt = Date.now();
    }
  }

  /** Whether the button can be used now; asks the provider again in the background when it is due. */
  available(): boolean {
    if (!this.configuration) void this.retry();
    return this.configuration !== null;
  }

  /** The configuration, asking again first when the provider was unreachable (503 while it still is). */
  async get(): Promise<client.Configuration> {
    const configuration = this.configuration ?? (await this.retry());
    if (!configuration) throw new AppError(503, 'sso_unavailable', 'The identity provider is unreachable');
    return configuration;
  }

  private retry(): Promise<client.Configuration | null> {
    if (this.attempt) return this.attempt;
    if (Date.now() - this.lastAttemptAt < SSO.retrySeconds * 1000) return Promise.resolve(null);
    this.attempt = this.discover()
      .then((configuration) => (this.configuration = configuration))
      .catch((error: unknown) => {
        this.log(error);
        return null;
      })
      .finally(() => {
        this.lastAttemptAt = Date.now();
        this.attempt = null;
      });
    return this.attempt;
  }

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.oidc;
    const execute = [client.enableNonRepudiationChecks];
    // The configuration accepts plain http only on this machine's loopback (config.ts), for tests.
    if (issuer.startsWith('http:')) execute.push(client.allowInsecureRequests);
    return client.discovery(
      new URL(issuer),
      clientId,
      clientSecret,
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
      { execute, timeout: DISCOVERY_TIMEOUT_SECONDS },
    );
  }
}

/** No answer at all, or a server error: worth asking again later, unlike a wrong answer. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof client.ClientError && error.cause instanceof Response)
    return error.cause.status >= 500;
  if (error instanceof client.ClientError) return false;
  return true;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
