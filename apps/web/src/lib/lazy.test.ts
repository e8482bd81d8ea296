import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, classifyChunkError, loadLazy } from './lazy';

describe('classifyChunkError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: /assets/about-x1.js', 'CHUNK_LOAD_FAILED'],
    ['Importing a module script failed.', 'CHUNK_LOAD_FAILED'],
    ['Unable to preload CSS for /assets/about-x1.css', 'CSS_CHUNK_LOAD_FAILED'],
    ['Cannot read properties of undefined', null],
  ])('%s → %s', (message, code) => {
    expect(classifyChunkError(new Error(message))).toBe(code);
  });
});

describe('loadLazy', () => {
  it('retries once and then succeeds', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module: /a.js'))
      .mockResolvedValueOnce('module');
    await expect(loadLazy(importer)).resolves.toBe('module');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retry with the chunk code', async () => {
    const importer = vi.fn(async () => {
      throw new Error('Unable to preload CSS for /assets/x.css');
    });
    const error = await loadLazy(importer).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('times out a load that never settles', async () => {
    const error = await loadLazy(() => new Promise(() => {}), { timeoutMs: 10 }).catch(
      (caught: unknown) => caught,
    );
    expect((error as ChunkLoadError).code).toBe('CHUNK_LOAD_TIMEOUT');
  });
});
