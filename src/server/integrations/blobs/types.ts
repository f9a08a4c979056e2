// Where uploaded files live: a local folder by default, any S3-compatible bucket when configured. Keys are
// paths like 'blog/3f2a….webp'; every server reads what any server wrote.
export interface StoredBlob {
  body: Uint8Array;
  contentType: string;
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The blob, or null when there is none under that key. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the blob (no error when it is already gone). */
  delete(key: string): Promise<void>;
  /** Throws when the store cannot be reached or written (readiness). */
  ping(): Promise<void>;
}
