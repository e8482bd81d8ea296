import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every list of the portal and the staff area keeps its page in the address (issue 16, spec-1 §3's
 * pagination state), so Back and a reload come back to the same page: a screen that shows pages
 * reads its page from the address (usePageParam, or useSearchParams with other filters) or is given
 * it by the screen that does. A page kept in component state (`useState(1)`) is lost on reload.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGINATION_ITSELF = new Set([
  'components/pagination.tsx',
  'components/paged-table.tsx',
  'components/paged-card-list.tsx',
]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('a list’s page lives in the address', () => {
  const screens = sourceFiles(SRC)
    .map((file) => ({
      file: path.relative(SRC, file).split(path.sep).join('/'),
      source: readFileSync(file, 'utf8'),
    }))
    .filter(
      ({ file, source }) =>
        !PAGINATION_ITSELF.has(file) && /<(PagedTable|PagedCardList|Pagination|ListPages)\b/.test(source),
    );

  it('finds the screens with pages', () => {
    expect(screens.length).toBeGreaterThan(20);
  });

  it.each(screens.map(({ file }) => file))('%s reads its page from the address or is given it', (file) => {
    const { source } = screens.find((screen) => screen.file === file)!;
    const fromAddress = /\busePageParam\(|\buseSearchParams\(/.test(source);
    const givenByCaller = /^\s*page: number;/m.test(source);
    expect(fromAddress || givenByCaller, 'reads the page from the address or takes it as a prop').toBe(true);
    expect(source, 'no page kept in component state').not.toMatch(/\[\w*[pP]age, set\w*[pP]age\] = useState/);
  });

  // A list inside a screen (a component, not the route) shares the address with the screen's own
  // list: it names its own parameter. The two components that are a whole screen are the exceptions.
  const WHOLE_SCREENS = new Set([
    'components/notification-centre.tsx',
    'features/chat/components/chat-screen.tsx',
  ]);
  it.each(
    screens
      .filter(({ file }) => !file.includes('/routes/') && !WHOLE_SCREENS.has(file))
      .map(({ file }) => file),
  )('%s, a list inside a screen, names its own page parameter', (file) => {
    const { source } = screens.find((screen) => screen.file === file)!;
    expect(source).not.toMatch(/usePageParam\(\)/);
  });
});
