// Types of pg-cluster.mjs for the TypeScript tests that start a cluster of their own.
export interface PostgresCluster {
  url: string;
  port: number;
  dir: string;
  stop(): void;
  /** Immediate shutdown (a crash), data kept. */
  kill(): void;
  start(): void;
  urlFor(name: string): string;
}
export function ensurePostgres(): string;
export function startPostgres(opts?: { fast?: boolean; port?: number }): Promise<PostgresCluster>;
export function createDatabase(url: string, name: string): Promise<string>;
