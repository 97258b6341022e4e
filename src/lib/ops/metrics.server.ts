import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { mailOutbox } from '../db/schema.ts';
import type { SiteHealth } from '../site/health.server.ts';

/** A cache whose lookups are counted (the public answers cache, the identity cache, …). */
export interface CountedCache {
  readonly hits: number;
  readonly misses: number;
}

export interface MetricsSources {
  db: Db;
  caches: () => Record<string, CountedCache>;
  /** The site builder's queue: 1 while a build is queued or running, else 0. */
  siteQueue: () => number;
  /** How far the live site is behind its decisions, and how many pages are withdrawn ahead of it (issue 31). */
  site?: () => Promise<SiteHealth & { withdrawn_pages: number }>;
}

/**
 * The server's Prometheus metrics (issue 19): requests by route and status with latency
 * histograms, the job queues' depth, site build durations and cache hit counts, plus the
 * process's own (CPU, memory, event loop). One registry per server, so tests can run several.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #latency: Histogram<'method' | 'route' | 'status'>;
  readonly #builds: Histogram<'result'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'apua_' });
    this.#requests = new Counter({
      name: 'apua_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#latency = new Histogram({
      name: 'apua_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.#builds = new Histogram({
      name: 'apua_site_build_duration_seconds',
      help: 'Time from the start of a site build to its new version going live (or failing)',
      labelNames: ['result'],
      buckets: [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300],
      registers,
    });
    new Gauge({
      name: 'apua_jobs_waiting',
      help: 'Jobs waiting or running, by queue',
      labelNames: ['queue'],
      registers,
      async collect() {
        const [row] = await sources.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(sql`${mailOutbox.status} in ('queued', 'sending')`);
        this.set({ queue: 'mail' }, row?.n ?? 0);
        this.set({ queue: 'site-build' }, sources.siteQueue());
      },
    });
    if (sources.site) this.#siteGauges(sources.site, registers);
    new Counter({
      name: 'apua_cache_lookups_total',
      help: 'Cache lookups by cache and result (hit or miss)',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(sources.caches())) {
          this.inc({ cache, result: 'hit' }, counts.hits);
          this.inc({ cache, result: 'miss' }, counts.misses);
        }
      },
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.#requests.inc(labels);
    this.#latency.observe(labels, seconds);
  }

  build(seconds: number, ok: boolean): void {
    this.#builds.observe({ result: ok ? 'live' : 'failed' }, seconds);
  }

  /**
   * The live site's lag behind the decisions: changes waiting, since when, builds failing, pages withdrawn ahead of it.
   */
  #siteGauges(site: NonNullable<MetricsSources['site']>, registers: Registry[]): void {
    const seconds = (iso: string | null) => (iso ? Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000) : 0);
    // The four gauges of one scrape share one read of the site's health.
    let read: { at: number; health: ReturnType<typeof site> } | null = null;
    const health = () => {
      if (!read || Date.now() - read.at > 1000) read = { at: Date.now(), health: site() };
      return read.health;
    };
    const gauge = (name: string, help: string, value: (health: Awaited<ReturnType<typeof site>>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(value(await health()));
        },
      });
    gauge(
      'apua_site_pending_changes',
      'Changes to the public site that its live build does not hold yet',
      (h) => h.pending_changes,
    );
    gauge(
      'apua_site_behind_seconds',
      'Seconds since the oldest change the live site does not hold (0: up to date)',
      (h) => seconds(h.behind_since),
    );
    gauge(
      'apua_site_failing_seconds',
      'Seconds since site builds started failing one after the other (0: the last one went live)',
      (h) => seconds(h.failing_since),
    );
    gauge(
      'apua_site_withdrawn_pages',
      'Public pages answered 410 because what they show was withdrawn after the live build',
      (h) => h.withdrawn_pages,
    );
  }
}
