import { sha256 } from '../crypto/random.js';
import { type OAuthStore, readJson } from '../store/oauth-store.js';
import { ClientError, type ClientRecord, type StaticClient } from './client-record.js';
import {
  type DocumentFetcher,
  isUrlClientId,
  loadMetadataDocument,
  type MetadataDocumentOptions,
} from './metadata-document.js';

/** Finds clients: configured ones, registered ones (store), and metadata-document ones (fetched, cached). */
export class ClientRegistry {
  private readonly statics = new Map<string, Promise<ClientRecord>>();

  constructor(
    private readonly store: OAuthStore,
    clients: readonly StaticClient[],
    private readonly documents: MetadataDocumentOptions | undefined,
    private readonly defaultFetcher: () => Promise<DocumentFetcher>,
  ) {
    for (const client of clients) this.statics.set(client.clientId, staticRecord(client));
  }

  /** Whether https client ids are read as metadata documents. */
  get metadataDocuments(): boolean {
    return this.documents !== undefined;
  }

  /** The client, or a {@link ClientError}. */
  async find(clientId: string): Promise<ClientRecord> {
    if (clientId === '' || clientId.length > 2048) throw new ClientError('invalid_client', 'no usable client_id');
    const configured = this.statics.get(clientId);
    if (configured !== undefined) return configured;
    if (isUrlClientId(clientId)) {
      if (this.documents === undefined)
        throw new ClientError('invalid_client', 'client ID metadata documents are not accepted here');
      return loadMetadataDocument(clientId, this.store, this.documents, this.defaultFetcher);
    }
    const registered = await readJson<ClientRecord>(this.store, `client:${clientId}`);
    if (registered === undefined) throw new ClientError('invalid_client', 'unknown client');
    return registered;
  }
}

async function staticRecord(client: StaticClient): Promise<ClientRecord> {
  return {
    client_id: client.clientId,
    client_name: client.clientName,
    redirect_uris: [...client.redirectUris],
    token_endpoint_auth_method: client.clientSecret === undefined ? 'none' : 'client_secret_basic',
    client_secret_hash: client.clientSecret === undefined ? undefined : await sha256(client.clientSecret),
    source: 'static',
  };
}
