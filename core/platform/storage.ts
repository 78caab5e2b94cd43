import { create as contentDisposition } from 'content-disposition';
import { BlobSASPermissions, BlobServiceClient, RestError, SASProtocol, type ContainerClient } from '@azure/storage-blob';
import { startOrJoinAzurite } from './azurite';
import type { Config } from './config';

export interface BlobProperties {
  size: number;
  contentType: string | null;
}

export interface StoredBlob {
  name: string;
  size: number;
  createdOn: Date;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

/** Clock drift between this server and the store must not make a fresh URL "not yet valid". */
const CLOCK_SKEW_MS = 60_000;

const isNotFound = (error: unknown) => error instanceof RestError && error.statusCode === 404;

/**
 * Blob Storage behind one door: one container per deployment, blob names chosen by the server. The browser moves
 * file bytes itself, through short-lived URLs signed here (create for one new blob, or read with the file's name).
 */
export class StorageService {
  private readonly service: BlobServiceClient;
  readonly container: ContainerClient;

  constructor(connectionString: string, containerName: string) {
    this.service = BlobServiceClient.fromConnectionString(connectionString);
    this.container = this.service.getContainerClient(containerName);
  }

  /** Where browsers send uploads and fetch downloads; the web pages' content security policy allows it. */
  get origin(): string {
    return new URL(this.service.url).origin;
  }

  async ensureContainer(): Promise<void> {
    await this.container.createIfNotExists();
  }

  /** Lets browsers at these origins PUT and GET blobs directly (the local emulator; a real account is configured by its owner). */
  async allowBrowserOrigins(origins: string[]): Promise<void> {
    await this.service.setProperties({
      cors: [
        {
          allowedOrigins: origins.join(','),
          allowedMethods: 'GET,HEAD,PUT,OPTIONS',
          allowedHeaders: '*',
          exposedHeaders: '*',
          maxAgeInSeconds: 3600,
        },
      ],
    });
  }

  /** Signed links travel over HTTPS only, unless the store itself is reached over HTTP (the local emulator). */
  private get signedProtocol(): SASProtocol {
    return this.service.url.startsWith('https:') ? SASProtocol.Https : SASProtocol.HttpsAndHttp;
  }

  /**
   * A URL that may create exactly this blob, and nothing else, until it expires. Create without write: once the blob
   * exists the store refuses another PUT to it (403), so a registered file cannot be replaced through its link.
   */
  async uploadUrl(blobName: string, ttlSeconds: number): Promise<SignedUrl> {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const url = await this.container.getBlockBlobClient(blobName).generateSasUrl({
      permissions: BlobSASPermissions.parse('c'),
      startsOn: new Date(Date.now() - CLOCK_SKEW_MS),
      expiresOn: expiresAt,
      protocol: this.signedProtocol,
    });
    return { url, expiresAt };
  }

  /** A read-only URL that serves the blob under the given name and type. */
  async downloadUrl(blobName: string, options: { filename: string; contentType: string; ttlSeconds: number }): Promise<SignedUrl> {
    const expiresAt = new Date(Date.now() + options.ttlSeconds * 1000);
    const url = await this.container.getBlobClient(blobName).generateSasUrl({
      permissions: BlobSASPermissions.parse('r'),
      startsOn: new Date(Date.now() - CLOCK_SKEW_MS),
      expiresOn: expiresAt,
      protocol: this.signedProtocol,
      // An ASCII fallback plus the exact name in RFC 5987 form, so every browser saves the file under its name.
      contentDisposition: contentDisposition(options.filename),
      contentType: options.contentType,
    });
    return { url, expiresAt };
  }

  /** Null when there is no such blob. */
  async properties(blobName: string): Promise<BlobProperties | null> {
    try {
      const properties = await this.container.getBlobClient(blobName).getProperties();
      return { size: properties.contentLength ?? 0, contentType: properties.contentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async upload(blobName: string, body: Buffer, contentType: string): Promise<void> {
    await this.container.getBlockBlobClient(blobName).uploadData(body, { blobHTTPHeaders: { blobContentType: contentType } });
  }

  async download(blobName: string): Promise<Buffer> {
    return this.container.getBlobClient(blobName).downloadToBuffer();
  }

  /** True when it removed a blob; a blob that is already gone is not an error. */
  async delete(blobName: string): Promise<boolean> {
    const response = await this.container.getBlobClient(blobName).deleteIfExists({ deleteSnapshots: 'include' });
    return response.succeeded;
  }

  /** Names of the blobs under a prefix (e.g. one workspace's folder). */
  async list(prefix: string): Promise<string[]> {
    const names: string[] = [];
    for await (const blob of this.blobs(prefix)) names.push(blob.name);
    return names;
  }

  /** The blobs under a prefix with their sizes and creation times, fetched page by page as they are read. */
  async *blobs(prefix: string): AsyncIterable<StoredBlob> {
    for await (const blob of this.container.listBlobsFlat({ prefix })) {
      const { contentLength, createdOn, lastModified } = blob.properties;
      yield { name: blob.name, size: contentLength ?? 0, createdOn: createdOn ?? lastModified };
    }
  }

  /** The first segments of the blob names that have a `/` (each workspace's folder), without the slash. */
  async *topLevelFolders(): AsyncIterable<string> {
    for await (const item of this.container.listBlobsByHierarchy('/')) {
      if (item.kind === 'prefix') yield item.name.slice(0, -1);
    }
  }
}

export interface OpenedStorage {
  storage: StorageService;
  /** Where the embedded emulator listens; null with a configured account. */
  emulatorEndpoint: string | null;
  close(): Promise<void>;
}

/** The app's own origins, as a browser may name them when it PUTs a file straight to the emulator. */
function browserOriginsOf(config: Config): string[] {
  return [...new Set([new URL(config.publicUrl).origin, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`])];
}

/** The configured account, or else the embedded Azurite emulator started for this process and stopped by `close`. */
export async function openStorage(config: Config): Promise<OpenedStorage> {
  const emulator = config.storage.connectionString ? null : await startOrJoinAzurite(config.storage.azurite);
  try {
    const storage = new StorageService(config.storage.connectionString ?? emulator!.connectionString, config.storage.container);
    await storage.ensureContainer();
    if (emulator) await storage.allowBrowserOrigins(browserOriginsOf(config));
    return { storage, emulatorEndpoint: emulator?.blobEndpoint ?? null, close: async () => emulator?.stop() };
  } catch (error) {
    await emulator?.stop();
    throw error;
  }
}
