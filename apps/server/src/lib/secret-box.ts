import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's master key: SECRET_KEY when set (required when several instances share a database),
 * otherwise a key generated once into DATA_DIR/secret.key (mode 0600). Losing it makes enrolled TOTP
 * secrets unreadable: back it up with the database.
 */
export function loadMasterKey(options: { secretKey: Buffer | undefined; dataDir: string }): Buffer {
  if (options.secretKey) return options.secretKey;
  const file = path.join(options.dataDir, 'secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    // Another process wrote it first: use theirs.
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
}

/** Each use gets its own key derived from the master key, so one leaked use reveals nothing else. */
const deriveKey = (master: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `jalon:${purpose}`, 32));

/** AES-256-GCM with a random 96-bit nonce; the output is `v1.<nonce>.<tag>.<ciphertext>` in base64url. */
export class SecretBox {
  private readonly key: Buffer;
  private readonly macKey: Buffer;

  constructor(master: Buffer) {
    this.key = deriveKey(master, 'secret-box');
    this.macKey = deriveKey(master, 'keyed-hash');
  }

  seal(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || ciphertext === undefined)
      throw new Error('Unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** A keyed hash (HMAC-SHA-256): without the key, a stolen table cannot be brute-forced offline. */
  keyedHash(value: string): string {
    return createHmac('sha256', this.macKey).update(value).digest('hex');
  }
}
