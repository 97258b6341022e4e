import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { cpuMeter, groupCpuMeter } from './cpu.ts';

export interface LoadOptions {
  connections: number;
  /** Seconds of measured load. */
  duration: number;
  /** Seconds of load before it, thrown away (JIT, connection set-up, caches). */
  warmup: number;
}

export interface LoadTarget {
  name: string;
  /** What was requested, for the report. */
  describe: string;
  url: string;
  headers?: Record<string, string>;
  /** Builds the request list afresh for each run (warm-up and measured run). */
  requests?: () => RequestSpec[];
  /** Whether the targets apply (the bare baseline and informational rows are only measured). */
  judged: boolean;
  /** Run once before the warm-up, e.g. to fill the caches the measured run is meant to hit. */
  prime?: () => Promise<void>;
  /** Processes whose CPU time during the measured run is reported (server, identity service). */
  watch?: Record<string, number | undefined>;
  /**
   * Groups of processes found when the measured run starts and again when it ends (e.g. the
   * database's backends, which a pool may open during the run): each group's CPU time is summed.
   */
  watchGroups?: Record<string, () => Promise<number[]>>;
}

export interface LoadFigures {
  target: string;
  describe: string;
  connections: number;
  durationS: number;
  requestsPerSec: number;
  requestsTotal: number;
  latencyMs: { avg: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  throughputBytesPerSec: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** How long `prime` took, in milliseconds. */
  primeMs?: number;
  /** CPU seconds each process used during the measured run (null where unknown). */
  cpuSeconds: Record<string, number | null>;
}

async function run(target: LoadTarget, connections: number, duration: number): Promise<Result> {
  const requests = target.requests?.();
  return await autocannon({
    url: target.url,
    connections,
    duration,
    timeout: 10,
    ...(target.headers && { headers: target.headers }),
    ...(requests && { requests }),
  });
}

/** Warms the target up, then measures it with autocannon. */
export async function measure(target: LoadTarget, options: LoadOptions): Promise<LoadFigures> {
  let primeMs: number | undefined;
  if (target.prime) {
    const started = performance.now();
    await target.prime();
    primeMs = Math.round(performance.now() - started);
  }
  if (options.warmup > 0) await run(target, options.connections, options.warmup);
  const groups = await groupCpuMeter(target.watchGroups ?? {});
  const cpu = cpuMeter(target.watch ?? {});
  const result = await run(target, options.connections, options.duration);
  const cpuSeconds = { ...cpu(), ...(await groups()) };
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  return {
    target: target.name,
    describe: target.describe,
    connections: options.connections,
    durationS: result.duration,
    requestsPerSec: result.requests.average,
    requestsTotal: result.requests.total,
    latencyMs: {
      avg: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    throughputBytesPerSec: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    ...(primeMs !== undefined && { primeMs }),
    cpuSeconds,
  };
}

/** A request spec that walks through `paths` in turn, shared by all connections. */
export function rotating(paths: readonly string[]): RequestSpec[] {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        request.path = paths[next++ % paths.length]!;
        return request;
      },
    },
  ];
}

/** A request spec that asks for a new path each time, from `nextPath`. */
export function generated(nextPath: () => string): RequestSpec[] {
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        request.path = nextPath();
        return request;
      },
    },
  ];
}
