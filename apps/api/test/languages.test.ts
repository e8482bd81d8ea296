import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasSwahili, hasSwahiliPattern, translateText } from '@bima/domain/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, envelope } from './helpers';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('refusals in the caller’s language', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false });
  });
  afterAll(() => ctx.app.close());

  const ask = (language: string | undefined, data: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: language ? { 'accept-language': language } : {},
      payload: envelope('user', 'registration', 'createUser', data),
    });

  it('answers in Swahili when asked, field messages too, and in English otherwise', async () => {
    const english = await ask(undefined, { email: 'not-an-email', names: { firstName: '', lastName: 'K' } });
    expect(english.statusCode).toBe(400);
    const swahili = await ask('sw-KE,sw;q=0.9,en;q=0.8', {
      email: 'not-an-email',
      names: { firstName: '', lastName: 'K' },
    });
    expect(swahili.statusCode).toBe(400);
    const englishErrors = english.json().errors as { field: string; message: string }[];
    const swahiliErrors = swahili.json().errors as { field: string; message: string }[];
    expect(swahiliErrors.map((error) => error.field)).toEqual(englishErrors.map((error) => error.field));
    expect(englishErrors.length).toBeGreaterThan(0);
    for (const [index, error] of englishErrors.entries()) {
      expect(hasSwahili(error.message), error.message).toBe(true);
      expect(swahiliErrors[index]?.message).toBe(translateText(error.message, 'sw'));
      expect(swahiliErrors[index]?.message).not.toBe(error.message);
    }
    expect(swahili.json().err_msg).toBe(translateText(english.json().err_msg, 'sw'));
    const french = await ask('fr-FR', { email: 'not-an-email', names: { firstName: '', lastName: 'K' } });
    expect(french.json().errors).toEqual(englishErrors);
  });

  it('has Swahili for every fixed refusal in the server code', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(join(__dirname, '../src'))) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/new AppError\(\s*'[a-z_]+',\s*'((?:[^'\\]|\\.)*)'/g)) {
        const text = match[1]!.replace(/\\'/g, "'");
        if (!hasSwahili(text)) missing.push(`${file.split('/src/')[1]}: ${text}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a Swahili template for every refusal made with values in the server code', () => {
    const missing: string[] = [];
    let found = 0;
    for (const file of sourceFiles(join(__dirname, '../src'))) {
      const code = readFileSync(file, 'utf8');
      const templates = [
        ...code.matchAll(/new AppError\(\s*'[a-z_]+',\s*`((?:[^`\\]|\\.)*)`/g),
        // A refusal that picks one of two whole texts.
        ...code.matchAll(
          /new AppError\(\s*'[a-z_]+',\s*[^,]*?\?\s*`((?:[^`\\]|\\.)*)`\s*:\s*`((?:[^`\\]|\\.)*)`/g,
        ),
        ...code.matchAll(/\bmessage: `((?:[^`\\]|\\.)*)`/g),
      ].flatMap((match) => match.slice(1).filter((text): text is string => text !== undefined));
      for (const template of templates) {
        if (file.endsWith('log-safety.ts') || file.endsWith('config.ts')) continue; // logs and start-up, not answers
        found += 1;
        const shape = template.replace(/\$\{[^}]*\}/g, '{}');
        if (!hasSwahiliPattern(shape)) missing.push(`${file.split('/src/')[1]}: ${shape}`);
      }
    }
    expect(found).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('answers a refusal made with values in Swahili, the values kept', async () => {
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      payload: envelope('underwriting', 'product', 'noSuchAction'),
    });
    const swahili = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { 'accept-language': 'sw' },
      payload: envelope('underwriting', 'product', 'noSuchAction'),
    });
    expect(english.statusCode).toBe(404);
    expect(english.json().err_msg).toBe('Unknown action underwriting/product/noSuchAction.');
    expect(swahili.json().err_msg).toBe('Kitendo underwriting/product/noSuchAction hakijulikani.');
  });
});
