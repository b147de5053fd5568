import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/**
 * A WebAuthn authenticator in software for server tests: one ES256 credential, "none" attestation, and
 * a signature counter it raises at each use (a clone is two of these sharing one key and counter).
 * Browsers and real keys are exercised by the e2e test with Chromium's virtual authenticator.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  /** A copy sharing the key and the counter as they are now: what cloning a key yields. */
  clone(): SoftAuthenticator {
    return Object.assign(Object.create(SoftAuthenticator.prototype) as SoftAuthenticator, this);
  }

  /** The credential id as the browser sends it (base64url). */
  get id(): string {
    return base64url(this.credentialId);
  }

  private get rpIdHash(): Buffer {
    return createHash('sha256').update(new URL(this.origin).hostname).digest();
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private counterBytes(): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }

  /** The browser's JSON answer to registration options. */
  register(options: { challenge: string }) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const flags = Buffer.from([0x01 | 0x04 | 0x40]); // user present, user verified, attested credential data
    const authData = Buffer.concat([
      this.rpIdHash,
      flags,
      this.counterBytes(),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const id = this.id;
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: base64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: base64url(attestationObject),
        transports: ['usb' as const],
      },
    };
  }

  /** The browser's JSON answer to authentication options; raises the counter first, as keys do. */
  authenticate(options: { challenge: string }, { raiseCounter = true } = {}) {
    if (raiseCounter) this.counter += 1;
    const authData = Buffer.concat([this.rpIdHash, Buffer.from([0x01 | 0x04]), this.counterBytes()]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    const id = this.id;
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(sign('sha256', signed, this.privateKey)),
      },
    };
  }
}
