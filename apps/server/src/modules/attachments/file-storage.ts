import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

/** The content of an upload went past the limit it was given: the upload stops there (413). */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

/** Enough of the start of a file for its type to be read from its content (file-type's own advice is 4,100). */
export const SNIFF_BYTES = 64 * 1024;

/** An upload written aside, not yet visible under its hash: `commit` makes it so, `discard` removes it. */
export interface StagedFile {
  sha256: string;
  size: number;
  /** The first bytes of the content, for sniffing its type. */
  head: Buffer;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where attached files' content lives, by SHA-256 (the same content is kept once). Two implementations:
 * a folder (folder-storage.ts) and an S3-compatible bucket (s3-storage.ts).
 */
export interface FileStorage {
  /**
   * Streams `source` aside, hashing and counting it; past `maxBytes` it stops reading and rejects with
   * `FileTooLargeError`. Whatever fails, nothing is left behind.
   */
  stage(source: Readable, maxBytes: number): Promise<StagedFile>;
  /** The content stored under `sha256`. */
  open(sha256: string): Promise<Readable>;
  remove(sha256: string): Promise<void>;
  /**
   * Removes what uploads staged before `before` left aside and never committed nor discarded (a process
   * killed mid-upload); answers how many went. Removing what is gone already is no error, so every
   * instance sharing the storage may run it at once.
   */
  sweepIncoming(before: Date): Promise<number>;
}

/** Hashes and counts what passes through, keeps its first bytes, and errors once past the limit. */
export class Meter extends Transform {
  private readonly hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  size = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new FileTooLargeError(`The file is larger than ${this.maxBytes} bytes`));
      return;
    }
    this.hash.update(chunk);
    if (this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    callback(null, chunk);
  }

  /** Once the stream has ended: the content's SHA-256 (hex), its size and its first bytes. */
  result(): { sha256: string; size: number; head: Buffer } {
    return { sha256: this.hash.digest('hex'), size: this.size, head: Buffer.concat(this.headChunks) };
  }
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;
