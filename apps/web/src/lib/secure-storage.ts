import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Built-in salt for development; deployments set VITE_SESSION_SALT at build time. */
const DEFAULT_SALT = 'bima-portal::session::v1';
const SALT: string = import.meta.env?.VITE_SESSION_SALT || DEFAULT_SALT;

/** Prefix of every key this app keeps in session storage. */
export const STORAGE_PREFIX = 'bima.';

interface SignedEnvelope {
  data: unknown;
  sig: string;
}

/** HMAC-SHA-512 over the JSON text with the fixed salt appended (spec-1 §3 "Stored client-side state"). */
export function signData(json: string, salt: string = SALT): string {
  return bytesToHex(hmac(sha512, utf8ToBytes(salt), utf8ToBytes(json + salt)));
}

type ClearListener = () => void;
const clearListeners = new Set<ClearListener>();

/** Called after a signature mismatch wiped the storage, so live stores fall back to their defaults. */
export function onStorageCleared(listener: ClearListener): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a signed value. Missing or unreadable entries give the defaults; a signature mismatch
 * (tampering) clears the whole storage and gives the defaults.
 */
export function readSigned<T extends object>(
  storage: Storage | undefined,
  key: string,
  defaults: T,
  salt: string = SALT,
): T {
  if (!storage) return defaults;
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_PREFIX + key);
  } catch {
    return defaults;
  }
  if (raw === null) return defaults;
  let envelope: SignedEnvelope;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isPlainObject(parsed) || typeof parsed.sig !== 'string' || !('data' in parsed)) {
      throw new Error('not a signed envelope');
    }
    envelope = { data: parsed.data, sig: parsed.sig };
  } catch {
    clearStorage(storage);
    return defaults;
  }
  if (signData(JSON.stringify(envelope.data), salt) !== envelope.sig) {
    clearStorage(storage);
    return defaults;
  }
  if (!isPlainObject(envelope.data)) return defaults;
  return { ...defaults, ...envelope.data } as T;
}

/** Writes a signed value; a failure (quota, private mode) is only logged. */
export function writeSigned(
  storage: Storage | undefined,
  key: string,
  data: unknown,
  salt: string = SALT,
): void {
  if (!storage) return;
  try {
    const json = JSON.stringify(data);
    const envelope: SignedEnvelope = { data: JSON.parse(json), sig: signData(json, salt) };
    storage.setItem(STORAGE_PREFIX + key, JSON.stringify(envelope));
  } catch (error) {
    console.warn(`secure-storage: could not save ${key}`, error);
  }
}

function clearStorage(storage: Storage): void {
  try {
    storage.clear();
  } catch (error) {
    console.warn('secure-storage: could not clear session storage', error);
  }
  for (const listener of clearListeners) listener();
}

/** The browser's session storage, or undefined where it is unavailable (node, blocked storage). */
export function getSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
