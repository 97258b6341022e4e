/** The national-report pages the sitemap lists (every page built from the collections). */
import { cycleBundles, paths, publishedReports } from './data.ts';
import { regionalCycles, thrustsOf } from './regional-data.ts';

export async function nationalReportPaths(): Promise<string[]> {
  const bundles = await cycleBundles();
  const reports = await publishedReports();
  const countries = [...new Set(reports.map((r) => r.report.country.code))].sort();
  return [
    ...bundles.flatMap((b) => [paths.cycle(b.cycle.year), paths.status(b.cycle.year), paths.regional(b.cycle.year)]),
    ...(await regionalCycles()).flatMap((r) =>
      thrustsOf(r).map((t) => paths.regionalThrust(r.bundle.cycle.year, t.code)),
    ),
    ...reports.map((r) => paths.report(r.report.year, r.report.country.code)),
    ...countries.map(paths.country),
  ];
}
