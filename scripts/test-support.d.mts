import type { ChildProcess } from 'node:child_process';

export const POSTGRES_ADMIN_URL: string;
export function freePort(): Promise<number>;
export function checkPostgres(): Promise<unknown>;
export interface PostgresDatabase {
  name: string;
  url: string;
  drop(): Promise<unknown>;
}
export function createPostgresDatabase(
  prefix: string,
  options?: { template?: string },
): Promise<PostgresDatabase>;
export function waitUntilOk(
  url: string,
  options?: { child?: ChildProcess; output?: () => string; timeoutMs?: number },
): Promise<void>;
export const SESSION_COOKIE_NAME: string;
export function signSessionToken(token: string, secret: string): string;
export const chromiumPath: string;
export const chromiumFlags: string[];
/** The text of a PDF as a reader would copy it (PDF.js). */
export function pdfText(pdf: Uint8Array): Promise<string>;
/** Repeatable pseudo-random numbers in [0, 1) from `seed` (mulberry32). */
export function seededRandom(seed: number): () => number;
