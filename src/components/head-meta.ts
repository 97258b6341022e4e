/**
 * The words of a page's <head> (HeadMeta.astro): plain text where no HTML can isolate what people
 * wrote, so a title written right to left sits inside FSI … PDI before the site's name, and every
 * value is made safe (decision 057).
 */
import { isolated, safeJson, safeText } from '../lib/http/safe-text.ts';
import { SITE_NAME } from './site.ts';

/** "X · Asia-Pacific Urban Agenda", for <title> and og:title; the site's own name alone on its pages. */
export function pageTitle(title: string, siteName: string = SITE_NAME): string {
  return title === siteName ? siteName : `${isolated(title)} · ${siteName}`;
}

/** A description or any other value of a meta tag or of JSON-LD: safe, and alone in its field. */
export function metaText(value: string): string {
  return safeText(value);
}

/** The text of a <script type="application/ld+json">: every string safe, and no `<` that could end the script. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(safeJson(structuredClone(data))).replace(/</g, '\\u003c');
}
