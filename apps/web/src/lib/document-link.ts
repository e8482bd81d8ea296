import { currentLanguage } from './i18n';

/**
 * A document's download link (policy schedule, receipt, certificate, statement) in the portal's
 * language: a plain link carries the browser's Accept-Language, not the language chosen in the
 * portal, so the choice travels as `?lang=` (the server reads it before the header).
 */
export function documentLink(href: string, language: string = currentLanguage()): string {
  const url = new URL(href, 'http://portal.invalid');
  url.searchParams.set('lang', language);
  return href.startsWith('http') ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}
