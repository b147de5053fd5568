import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('works with no variables at all, with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4000,
      publicUrl: 'http://127.0.0.1:4000',
      allowRegistration: false,
      exposeDevResetLink: true,
    });
    expect(config.session.idleMs).toBe(30 * 60_000);
    expect(config.session.absoluteMs).toBe(12 * 3_600_000);
    expect(config.session.rememberAbsoluteMs).toBe(30 * 24 * 3_600_000);
    expect(config.login).toMatchObject({ maxFailures: 5, lockMs: 15 * 60_000 });
    expect(config).toMatchObject({ metricsToken: undefined, shutdownGraceMs: 10_000 });
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ALLOW_REGISTRATION: 'yes please' })).toThrow(/ALLOW_REGISTRATION/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /^Invalid environment variable METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('reads a relative DATA_DIR from the folder npm was run in (INIT_CWD), not the workspace', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/jalon' }).dataDir).toBe('/srv/jalon/data');
    expect(loadConfig({ DATA_DIR: '/var/lib/jalon', INIT_CWD: '/srv/jalon' }).dataDir).toBe('/var/lib/jalon');
  });

  it('hides the dev reset link in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).exposeDevResetLink).toBe(false);
  });

  it('keeps attached files in DATA_DIR/files, 25 MiB each, unless told otherwise', () => {
    const files = loadConfig({ DATA_DIR: '/var/lib/jalon' }).files;
    expect(files).toEqual({
      maxBytes: 25 * 1024 * 1024,
      totalBytes: 10 * 1024 ** 3,
      dir: '/var/lib/jalon/files',
      s3: undefined,
    });
    expect(loadConfig({ FILES_DIR: '/mnt/fichiers', FILES_MAX_GB: '0.5' }).files).toMatchObject({
      dir: '/mnt/fichiers',
      totalBytes: 512 * 1024 * 1024,
    });
    expect(() => loadConfig({ ATTACHMENT_MAX_MB: '0' })).toThrow(/ATTACHMENT_MAX_MB/);
  });

  it('reads the bucket from S3_URL and needs its keys', () => {
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ S3_URL: 'https://s3.example.org/jalon-files', ...keys }).files.s3).toEqual({
      endpoint: 'https://s3.example.org',
      bucket: 'jalon-files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(() => loadConfig({ S3_URL: 'https://s3.example.org/jalon-files' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_URL: 'https://s3.example.org/', ...keys })).toThrow(/S3_URL/);
  });

  describe('the identity provider (OIDC_*, PASSWORD_LOGIN)', () => {
    const provider = {
      OIDC_ISSUER_URL: 'https://sso.exemple.fr/realms/jalon',
      OIDC_CLIENT_ID: 'jalon',
      OIDC_CLIENT_SECRET: 'secret',
    };

    it('is off without an issuer, and reads its defaults with one', () => {
      expect(loadConfig({})).toMatchObject({ oidc: null, passwordLogin: 'on' });
      expect(loadConfig({ ...provider, OIDC_ADMIN_GROUPS: ' jalon-admins, direction ,' }).oidc).toEqual({
        issuer: provider.OIDC_ISSUER_URL,
        clientId: 'jalon',
        clientSecret: 'secret',
        displayName: 'SSO',
        scopes: ['openid', 'email', 'profile'],
        autoCreate: false,
        allowedDomains: [],
        groupsClaim: 'groups',
        adminGroups: ['jalon-admins', 'direction'],
        trustProviderMfa: true,
        logout: 'local',
      });
    });

    it.each([
      [{ ...provider, OIDC_ISSUER_URL: 'http://sso.exemple.fr' }, 'OIDC_ISSUER_URL'],
      [{ OIDC_ISSUER_URL: provider.OIDC_ISSUER_URL }, 'OIDC_CLIENT_ID'],
      [{ OIDC_CLIENT_ID: 'jalon' }, 'OIDC_ISSUER_URL'],
      [{ ...provider, OIDC_SCOPES: 'email profile' }, 'OIDC_SCOPES'],
      [{ ...provider, OIDC_AUTO_CREATE: 'true' }, 'OIDC_ALLOWED_DOMAINS'],
      [{ ...provider, OIDC_LOGOUT: 'everywhere' }, 'OIDC_LOGOUT'],
      [{ ...provider, PASSWORD_LOGIN: 'sometimes' }, 'PASSWORD_LOGIN'],
      // Without a provider, turning passwords off would leave nobody a way in.
      [{ PASSWORD_LOGIN: 'off' }, 'PASSWORD_LOGIN'],
    ])('stops with one line naming the variable: %j', (env, name) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
    });

    it('accepts plain http only for a provider on this machine (tests)', () => {
      expect(loadConfig({ ...provider, OIDC_ISSUER_URL: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe(
        'http://127.0.0.1:9000',
      );
    });
  });
});
