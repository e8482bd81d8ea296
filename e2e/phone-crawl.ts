import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, test } from '@playwright/test';
import { paths } from '../apps/web/src/config/paths';
import { staffPaths } from '../apps/web/src/config/staff-paths';
import { CLASS_ROUTES, classFlowHref } from '../packages/domain/src/class-routes';

/**
 * The phone crawl (issue 28): every route of the web app's route table, for a role, at the two
 * phone sizes we design for — nothing wider than the screen, nothing clipped, no serious axe finding.
 *
 * The routes are read from the app's own path tables (`config/paths.ts`, `config/staff-paths.ts`;
 * the router mounts every screen from them) and the class routes' table, so a new screen is crawled
 * without being listed here. A route whose address needs an id (a policy, a claim, …) needs a sample
 * from the caller: `routeHrefs` throws, naming it, when a new one has none.
 */

export const PHONE_SIZES = [
  { name: '390×844', width: 390, height: 844 },
  { name: '360×740', width: 360, height: 740 },
] as const;

type PathKey = keyof typeof paths;
type StaffPathKey = keyof typeof staffPaths;
/** A route's key in the path tables: `paths.<key>` by its key, `staffPaths.<key>` as `staff.<key>`. */
export type RouteKey = PathKey | `staff.${StaffPathKey}`;

/** Addresses for the routes that need an id or a token: key → href (or null: not for this role). */
export type RouteSamples = Partial<Record<RouteKey, string | null>>;

/** Routes that are not screens of their own (redirects, the staff area's wrapper). */
const NOT_SCREENS = new Set<RouteKey>(['staff']);

function defaultHref(entry: { path: string; getHref?: (...args: never[]) => string }): string | null {
  let href: string;
  try {
    href = entry.getHref ? entry.getHref() : entry.path;
  } catch {
    return null;
  }
  // A route whose address needs an argument: `undefined` in it, or a `:param` left unfilled.
  if (!href.startsWith('/') || href.includes('undefined') || /\/:/.test(href)) return null;
  return href;
}

/**
 * Every route's address: the path tables' (each with its sample where it needs one) and every class
 * route. Throws naming each route that needs an id and has no sample, so none is skipped silently;
 * `skip` leaves out a role's foreign areas (the staff area for a client, say) without samples.
 */
export function routeHrefs(
  samples: RouteSamples,
  options: { skip?: (key: RouteKey) => boolean } = {},
): { key: string; href: string }[] {
  const routes: { key: string; href: string }[] = [];
  const missing: string[] = [];
  const add = (key: RouteKey, entry: { path: string; getHref?: (...args: never[]) => string }) => {
    if (NOT_SCREENS.has(key) || options.skip?.(key)) return;
    if (key in samples) {
      const sample = samples[key];
      if (sample) routes.push({ key, href: sample });
      return;
    }
    const href = defaultHref(entry);
    if (href) routes.push({ key, href });
    else missing.push(key);
  };
  for (const [key, entry] of Object.entries(paths)) add(key as PathKey, entry);
  for (const [key, entry] of Object.entries(staffPaths)) add(`staff.${key as StaffPathKey}`, entry);
  if (missing.length > 0) {
    throw new Error(`the phone crawl needs a sample address for: ${missing.join(', ')}`);
  }
  for (const route of CLASS_ROUTES)
    routes.push({ key: `class.${route.routeName}`, href: classFlowHref(route) });
  return routes;
}

/** What does not fit, as a person would see it: a sideways scroll, a box past the edge, clipped text. */
export function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const label = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const name = element.getAttribute('aria-label') ?? '';
      return `<${element.tagName.toLowerCase()}${name ? ` "${name}"` : ''}> "${text}"`;
    };
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scrollWidth > width + 1)
      problems.push(`the page scrolls sideways: ${scrollWidth} px on a ${width} px screen`);
    const hidden = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') return true;
      const box = element.getBoundingClientRect();
      // Visually hidden text for screen readers (1 px, clipped) is not on the screen.
      return (
        box.width <= 1 ||
        box.height <= 1 ||
        style.clip === 'rect(0px, 0px, 0px, 0px)' ||
        style.clipPath === 'inset(50%)'
      );
    };
    const controls = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'svg', 'path', 'IMG', 'CANVAS']);
    // What is inside a hidden box (a table's header row kept for screen readers only, say) is not seen.
    const hiddenBoxes = new Set<Element>();
    const insideHidden = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement)
        if (hiddenBoxes.has(parent)) return true;
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (controls.has(element.tagName)) continue;
      if (hidden(element)) {
        // Its children are hidden too when it clips them (sr-only), not when it only has no box of its own.
        const style = getComputedStyle(element);
        const clipsChildren =
          style.display === 'none' ||
          style.overflowX !== 'visible' ||
          style.overflowY !== 'visible' ||
          style.clip === 'rect(0px, 0px, 0px, 0px)' ||
          style.clipPath === 'inset(50%)';
        if (clipsChildren) hiddenBoxes.add(element);
        continue;
      }
      if (insideHidden(element)) continue;
      if (element.closest('[hidden], [aria-hidden="true"], dialog:not([open])')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const fixedOffscreen = style.position === 'fixed' && (box.right <= 0 || box.left >= width);
      if (fixedOffscreen) continue;
      if (box.right > width + 1 || box.left < -1) {
        // Report the outermost box that leaves the screen, not each of its children.
        const parent = element.parentElement?.getBoundingClientRect();
        if (!parent || parent.right <= width + 1) {
          problems.push(`${label(element)} reaches ${Math.round(box.left)}…${Math.round(box.right)} px`);
        }
        continue;
      }
      const clips = ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX);
      // Text that runs out of its box (a long word that cannot wrap) past the screen's edge: the box
      // itself fits, its words do not.
      const ownText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!clips && ownText && box.left + element.scrollWidth > width + 1) {
        problems.push(`${label(element)}: its text runs to ${Math.round(box.left + element.scrollWidth)} px`);
        continue;
      }
      if (clips && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `${label(element)} hides ${element.scrollWidth - element.clientWidth} px of its content sideways`,
        );
      }
    }
    // A sideways scroll with no box to blame (a control, or a box inside a hidden one): name the widest.
    if (scrollWidth > width + 1 && problems.length === 1) {
      let widest: Element | null = null;
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const right = element.getBoundingClientRect().right;
        if (right > width + 1 && (!widest || right >= widest.getBoundingClientRect().right)) widest = element;
      }
      if (widest)
        problems.push(`${label(widest)} reaches ${Math.round(widest.getBoundingClientRect().right)} px`);
    }
    return problems;
  });
}

/** axe-core's source, put in the page once: the crawl's navigations keep the same document. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rules of every axe check of the suite (e2e/axe.ts): WCAG 2.1 A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's serious and critical findings on the page as it is now, as "rule: targets". Run in the page
 * with axe kept from one screen to the next and only its violations gathered (not every passing node,
 * which is most of its time on a long page).
 */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  }, AXE_TAGS);
}

/** How long a screen may take to show its heading with its data loaded before the crawl says so. */
const READY_TIMEOUT = 10_000;

/**
 * Waits for the screen at the current address to be ready: the router has shown this address (or
 * where it redirected) with no navigation under way (`main[data-path][data-navigation]`, set by the
 * root layout), a main heading is on screen, nothing says it is loading (a `Loading…` status, a busy
 * region), and the fonts are in. Answers false when it never gets there.
 */
async function screenReady(page: Page): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        const main = document.querySelector<HTMLElement>('main#main');
        if (main?.dataset.navigation !== 'idle') return false;
        if (main.dataset.path !== window.location.pathname + window.location.search) return false;
        const heading = main.querySelector('h1, h2');
        if (!heading || heading.getBoundingClientRect().height === 0) return false;
        if (document.querySelector('[aria-busy="true"]')) return false;
        const loading = Array.from(document.querySelectorAll('[role="status"]')).some((status) =>
          /^\s*(Loading|Inapakia)/i.test(status.textContent ?? ''),
        );
        return !loading && document.fonts.status === 'loaded';
      },
      undefined,
      { timeout: READY_TIMEOUT, polling: 50 },
    )
    .then(
      () => true,
      () => false,
    );
}

/** Two animation frames: a resized page has laid out and its resize observers have run. */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * Opens each address (by the app's own navigation after the first), waits for its ready signal,
 * measures it at each phone size and runs axe once (at the first size: axe's findings do not depend
 * on the width), collecting every problem for one failure that lists every route.
 */
export async function crawlPhone(
  page: Page,
  routes: { key: string; href: string }[],
  options: { role: string; axe?: boolean },
) {
  const failures: string[] = [];
  let first = true;
  for (const route of routes) {
    await test.step(`${options.role} ${route.href}`, async () => {
      const [firstSize, ...otherSizes] = PHONE_SIZES;
      await page.setViewportSize({ width: firstSize.width, height: firstSize.height });
      if (first) await page.goto(route.href);
      else {
        // The app's own navigation (as a tapped link would): no reload, so the crawl stays quick.
        await page.evaluate((href) => {
          window.history.pushState({}, '', href);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, route.href);
      }
      first = false;
      const where = `${route.href} (${route.key})`;
      if (!(await screenReady(page))) {
        failures.push(
          `${options.role} ${where}: not ready in ${READY_TIMEOUT / 1000} s (no heading in main, or still loading)`,
        );
      }
      for (const problem of await overflowProblems(page)) {
        failures.push(`${options.role} ${firstSize.name} ${where}: ${problem}`);
      }
      if (options.axe !== false) {
        for (const finding of await seriousAxeFindings(page)) {
          failures.push(`${options.role} ${where}: axe: ${finding.slice(0, 400)}`);
        }
      }
      for (const size of otherSizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await settled(page);
        for (const problem of await overflowProblems(page)) {
          failures.push(`${options.role} ${size.name} ${where}: ${problem}`);
        }
      }
    });
  }
  return failures;
}
