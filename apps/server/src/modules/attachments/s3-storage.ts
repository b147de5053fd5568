import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.ts';
import { Meter, SHA256_HEX, type FileStorage, type StagedFile } from './file-storage.ts';

/** Where uploads are written until whole (then copied under their hash): swept once an hour old. */
const INCOMING = 'incoming/';

/**
 * Content in an S3-compatible bucket, which several instances share: `files/<sha256>`. An upload streams
 * to `incoming/<random>` in parts (lib-storage: a few parts in memory at once, never the whole file), is
 * copied under its hash once whole, then the temporary object is deleted; a cut upload is aborted.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Most S3-compatible servers (MinIO, Garage, Ceph) name the bucket in the path, not the host.
      forcePathStyle: true,
      // Checksums only where S3 requires them: the SDK's default sends chunked bodies with checksum
      // trailers, which many S3-compatible servers do not understand.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('Not a SHA-256');
    return `files/${sha256}`;
  }

  async stage(source: Readable, maxBytes: number): Promise<StagedFile> {
    const temp = `${INCOMING}${randomUUID()}`;
    const meter = new Meter(maxBytes);
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: temp, Body: body },
      queueSize: 2,
      leavePartsOnError: false,
    });
    const sent = upload.done();
    try {
      await Promise.all([pipeline(source, meter, body), sent]);
    } catch (error) {
      // A part upload can still be on its way when the stream failed: stop it, then make sure.
      await upload.abort().catch(() => {});
      await sent.catch(() => {});
      await this.deleteKey(temp);
      throw error;
    }
    const { sha256, size, head } = meter.result();
    const key = this.keyOf(sha256);
    return {
      sha256,
      size,
      head,
      commit: async () => {
        if (!(await this.exists(key))) {
          await this.client.send(
            new CopyObjectCommand({
              Bucket: this.config.bucket,
              Key: key,
              CopySource: `${this.config.bucket}/${temp}`,
            }),
          );
        }
        await this.deleteKey(temp);
      },
      discard: () => this.deleteKey(temp),
    };
  }

  async open(sha256: string): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(sha256) }),
    );
    return answer.Body as Readable;
  }

  async remove(sha256: string): Promise<void> {
    await this.deleteKey(this.keyOf(sha256));
  }

  /**
   * Objects under `incoming/` last written before `before`: an upload's object is whole once written and
   * copied under its hash straight after, so one an hour old was left by a process that died. The parts
   * of a multipart upload the process never completed are the bucket's lifecycle rule's to abort (the
   * files guide says so): not every S3-compatible server lists them.
   */
  async sweepIncoming(before: Date): Promise<number> {
    let swept = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: INCOMING, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified || object.LastModified >= before) continue;
        await this.deleteKey(object.Key);
        swept += 1;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return swept;
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }

  private async deleteKey(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
