import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

/**
 * The components of the translated pages take every word of the interface from the catalogues
 * (decision 038): no text between tags and no `aria-label`, `title`, `placeholder`, `alt` or
 * `aria-roledescription` written in English in their markup. What a page shows from the database
 * is passed in as data, so it is not caught here.
 */
const FILES = [
  'src/layouts/PublicLayout.astro',
  'src/layouts/PlainLayout.astro',
  'src/layouts/BaseLayout.astro',
  'src/components/SiteHeader.astro',
  'src/components/HeaderSearch.astro',
  'src/components/SiteFooter.astro',
  'src/components/NavItems.astro',
  'src/components/LanguageSwitch.astro',
  'src/components/BrandLink.astro',
  'src/components/HomeContent.astro',
  'src/components/NotFound.astro',
  'src/components/PageIntro.astro',
  'src/components/BannerSlider.astro',
  'src/components/VideoFacade.astro',
  'src/components/national/ReportCard.astro',
  'src/components/national/DemoNote.astro',
  'src/components/national/CycleNav.astro',
  'src/components/charts/ChartFigure.astro',
  'src/components/charts/BarChart.astro',
  'src/components/charts/LineChart.astro',
  'src/components/charts/ComparisonChart.astro',
  'src/components/charts/ChoroplethMap.astro',
  'src/components/charts/DataTable.astro',
  'src/pages/[...lang]/index.astro',
  'src/pages/[...lang]/page-not-found.astro',
  'src/pages/[...lang]/national-reports/index.astro',
  'src/pages/[...lang]/national-reports/[year]/index.astro',
  'src/pages/[...lang]/national-reports/[year]/[country].astro',
  'src/pages/[...lang]/urbanisation-profile/[category].astro',
  'src/pages/[...lang]/urbanisation-profile/view.astro',
  'src/pages/[...lang]/urbanisation-profile/index.astro',
  'src/components/ButtonLink.astro',
  'src/components/ButtonRow.astro',
  'src/pages/[...lang]/regional-reports/index.astro',
  'src/pages/[...lang]/urbanisation-profile/view/[code]/index.astro',
  'src/components/profile/ProfileDemoNote.astro',
  'src/components/EmptyState.astro',
  'src/components/ContentOrEmpty.astro',
  'src/components/Section.astro',
  'src/components/national/ReportGrid.astro',
  'src/components/profile/ProfileLinks.astro',
  'src/components/profile/IndicatorCard.astro',
  // Issue 35: progress towards 2030 on the theme, indicator and country pages (decision 080).
  'src/pages/[...lang]/urbanisation-profile/[category]/[indicator].astro',
  'src/components/progress/ClassBadge.astro',
  'src/components/progress/CountryProgress.astro',
  'src/components/progress/IndicatorProgress.astro',
  'src/components/progress/ProgressChart.astro',
  // Decision 041.
  'src/pages/[...lang]/best-practices.astro',
  'src/pages/[...lang]/best-practices-overview/index.astro',
  'src/pages/[...lang]/best-practices-overview/[facet]/[value].astro',
  'src/pages/[...lang]/best-practices-overview/page/[page].astro',
  'src/pages/[...lang]/best-practices-overview/[facet]/[value]/page/[page].astro',
  'src/components/practices/LibraryPage.astro',
  'src/components/Pager.astro',
  'src/pages/[...lang]/best-practices-overview/view/[uuid].astro',
  'src/components/practices/LibraryView.astro',
  'src/components/practices/FacetNav.astro',
  'src/components/practices/PracticeCard.astro',
  'src/components/practices/PracticeGrid.astro',
  'src/components/practices/PracticeFact.astro',
  'src/components/practices/PracticeMap.astro',
  'src/components/Lightbox.astro',
  'src/components/MediaGrid.astro',
  'src/components/EventGallery.astro',
  'src/pages/[...lang]/media-gallery/index.astro',
  'src/pages/[...lang]/media-gallery/event/index.astro',
  'src/pages/[...lang]/media-gallery/event/[slug].astro',
  'src/components/ContactForm.astro',
  'src/components/ContactField.astro',
  'src/pages/[...lang]/contact-us/index.astro',
  'src/pages/[...lang]/contact-us/sent.astro',
  'src/pages/[...lang]/search.astro',
  'src/components/MarkdownPage.astro',
  'src/components/RegionMap.astro',
  'src/components/CountryDirectory.astro',
  'src/pages/[...lang]/module.astro',
  'src/pages/[...lang]/national-urban-agenda.astro',
  'src/pages/[...lang]/asia-pacific-region.astro',
  'src/pages/[...lang]/privacy-policy.astro',
  'src/pages/[...lang]/home.astro',
  'src/components/ErrorPanel.astro',
  'src/pages/[...lang]/server-error.astro',
  'src/pages/[...lang]/unauthorized-access.astro',
  'src/pages/[...lang]/open-data/index.astro',
  'src/pages/[...lang]/national-reports/country/[code]/index.astro',
  'src/pages/[...lang]/national-reports/status/index.astro',
  'src/pages/[...lang]/national-reports/status/[year]/index.astro',
  'src/components/charts/BinaryChart.astro',
  'src/pages/[...lang]/regional-reports/[year]/index.astro',
  'src/layouts/AuthLayout.astro',
  'src/layouts/AuthPage.astro',
  'src/components/NoScript.astro',
  'src/pages/[...lang]/login.astro',
  'src/pages/[...lang]/signup.astro',
  'src/pages/[...lang]/email/verification.astro',
  'src/pages/[...lang]/regional-reports/[year]/[thrust].astro',
];
/** Proper names, and the open-data file's key `data`, that stay as they are in every language. */
const KEPT = ['Asia-Pacific Urban Agenda', 'data'];

/** The markup of an Astro file without its frontmatter, comments, `<script>`, `<style>` and `{…}` expressions. */
function markup(source: string): string {
  let text = source
    .replace(/^---[\s\S]*?\n---\n/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '');
  // Expressions nest: remove the innermost braces until none are left.
  for (let before = ''; before !== text;) [before, text] = [text, text.replace(/\{[^{}]*\}/g, ' ')];
  return text;
}

describe.each(FILES)('%s', (file) => {
  test('writes no interface text in English', () => {
    const html = markup(readFileSync(file, 'utf8'));
    const texts = [...html.matchAll(/>([^<>]*[A-Za-z]{2}[^<>]*)</g)].map((m) => m[1]!.trim());
    const attributes = [
      ...html.matchAll(/\s(?:aria-label|aria-roledescription|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"/g),
    ].map((m) => m[1]!);
    expect([...texts, ...attributes].filter((t) => t && !KEPT.includes(t))).toEqual([]);
  });
});
