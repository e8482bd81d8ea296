import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPersistedStore } from './persisted-store';
import { readSigned, STORAGE_PREFIX, signData, writeSigned } from './secure-storage';

/** A Map-backed Storage, enough for node. */
function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

const defaults = { step: 'category', category: null as string | null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('signed session storage', () => {
  it('round-trips a value it signed', () => {
    const storage = createMemoryStorage();
    writeSigned(storage, 'session_data', { step: 'product', category: 'business' });
    expect(readSigned(storage, 'session_data', defaults)).toEqual({ step: 'product', category: 'business' });
  });

  it('signs with HMAC-SHA-512 (128 hex characters) that depends on the salt', () => {
    expect(signData('{"a":1}', 'salt-a')).toMatch(/^[0-9a-f]{128}$/);
    expect(signData('{"a":1}', 'salt-a')).not.toBe(signData('{"a":1}', 'salt-b'));
  });

  it('clears the whole storage and returns the defaults when the signature does not match', () => {
    const storage = createMemoryStorage();
    writeSigned(storage, 'session_data', { step: 'product', category: 'business' });
    storage.setItem('unrelated', 'kept until tampering is found');
    const key = `${STORAGE_PREFIX}session_data`;
    const tampered = storage.getItem(key)!.replace('business', 'individual');
    storage.setItem(key, tampered);

    expect(readSigned(storage, 'session_data', defaults)).toEqual(defaults);
    expect(storage.length).toBe(0);
  });

  it('clears the storage when the entry is not a signed envelope', () => {
    const storage = createMemoryStorage();
    storage.setItem(`${STORAGE_PREFIX}session_data`, 'not json');
    expect(readSigned(storage, 'session_data', defaults)).toEqual(defaults);
    expect(storage.length).toBe(0);
  });

  it('returns the defaults when reading fails', () => {
    const storage = createMemoryStorage();
    storage.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(readSigned(storage, 'session_data', defaults)).toEqual(defaults);
  });

  it('returns the defaults when nothing is stored or no storage exists', () => {
    expect(readSigned(createMemoryStorage(), 'session_data', defaults)).toEqual(defaults);
    expect(readSigned(undefined, 'session_data', defaults)).toEqual(defaults);
  });

  it('only logs a write failure', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = createMemoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => writeSigned(storage, 'session_data', { step: 'product' })).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('createPersistedStore', () => {
  it('starts from the stored state and persists updates', () => {
    const storage = createMemoryStorage();
    writeSigned(storage, 'product', { selectedProduct: null, insuranceClass: '07' });
    const store = createPersistedStore(
      'product',
      { selectedProduct: null, insuranceClass: '' },
      () => storage,
    );
    expect(store.getState().insuranceClass).toBe('07');

    store.setState({ insuranceClass: '08' });
    expect(readSigned(storage, 'product', { selectedProduct: null, insuranceClass: '' }).insuranceClass).toBe(
      '08',
    );
  });

  it('notifies subscribers and resets to the defaults', () => {
    const storage = createMemoryStorage();
    const store = createPersistedStore('session_data', defaults, () => storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState((state) => ({ step: state.step === 'category' ? 'product' : 'category' }));
    expect(store.getState().step).toBe('product');
    store.reset();
    expect(store.getState()).toEqual(defaults);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('drops its in-memory state when tampering elsewhere wiped the storage', () => {
    const storage = createMemoryStorage();
    const store = createPersistedStore('session_data', defaults, () => storage);
    store.setState({ step: 'product' });
    storage.setItem(`${STORAGE_PREFIX}other`, '{"data":{},"sig":"forged"}');
    readSigned(storage, 'other', {});
    expect(store.getState()).toEqual(defaults);
  });
});
