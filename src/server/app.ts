import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { accessRoutes } from '../lib/access/routes.server.ts';
import { publicPracticeRoutes } from '../lib/best-practices/public-routes.server.ts';
import { PRACTICE_UPLOAD_PATH, practiceRoutes } from '../lib/best-practices/routes.server.ts';
import { publicCmsRoutes } from '../lib/cms/public-routes.server.ts';
import { CMS_UPLOAD_PATH, cmsRoutes } from '../lib/cms/routes.server.ts';
import { videoRoutes } from '../lib/cms/video-routes.server.ts';
import { contactRoutes } from '../lib/contact/routes.server.ts';
import { mailRoutes } from '../lib/mail/routes.server.ts';
import { notificationRoutes } from '../lib/notifications/routes.server.ts';
import { translationRoutes } from '../lib/translations/routes.server.ts';
import { countryRoutes } from '../lib/countries/routes.server.ts';
import { ApiError, errorBody, LockedError, StaleWriteError } from '../lib/http/errors.server.ts';
import { publicNationalReportRoutes } from '../lib/national-reports/public-routes.server.ts';
import { nationalReportRoutes, REPORT_UPLOAD_PATH } from '../lib/national-reports/routes.server.ts';
import { PROFILE_UPLOAD_PATH, profileRoutes } from '../lib/urbanisation-profile/routes.server.ts';
import { publicProfileRoutes } from '../lib/urbanisation-profile/public-routes.server.ts';
import { sdmxRoutes } from '../lib/sdmx/routes.server.ts';
import { acceptedBody } from '../lib/http/encoded-answer.server.ts';
import { openApiRoutes } from '../lib/openapi/routes.server.ts';
import { questionRoutes } from '../lib/national-reports/question-routes.server.ts';
import { reportFlagRoutes } from '../lib/national-reports/flags-routes.server.ts';
import { reportReviewRoutes } from '../lib/national-reports/review-routes.server.ts';
import { nationalSynthesisRoutes } from '../lib/national-reports/synthesis-routes.server.ts';
import { answersRoutes } from '../lib/questionnaires/answers-route.server.ts';
import { nationalReportAnswers } from '../lib/national-reports/answers-endpoint.server.ts';
import { practiceSectionAnswers } from '../lib/best-practices/sections-endpoint.server.ts';
import { profileFigureAnswers } from '../lib/urbanisation-profile/figures-endpoint.server.ts';
import { identityRoutes, USER_PHOTO_PATH } from '../lib/identity/routes.server.ts';
import { healthRoutes, metricsRoutes } from '../lib/ops/routes.server.ts';
import { siteRoutes } from '../lib/site/routes.server.ts';
import { signatureRoutes } from '../lib/signatures/routes.server.ts';
import { uploadRoutes } from '../lib/storage/routes.server.ts';
import { userRoutes } from '../lib/users/routes.server.ts';
import type { ClientConfig } from '../lib/client/firebase.ts';
import { siteHealthOf, type AppDeps, type AppEnv } from '../lib/deps.server.ts';
import type { ErrorResponse } from '../lib/http/schema.ts';
import { isBackofficePath } from './backoffice-paths.ts';
import { emulatorOrigin, pageCsp, securityHeaders, WASM_PAGES } from './security-headers.ts';
import { errorForLog, logSafe } from './log-text.ts';
import { localeOfPath } from '../i18n/locales.ts';
import { authPageLocale, authPagePath } from './auth-pages.ts';
import { apiLanguage } from '../lib/i18n/request-language.server.ts';
import type { SiteFile, SiteFiles } from './site-files.ts';
import { say } from '../lib/i18n/said.ts';

/** JSON bodies of the API are small; uploads set their own limits (OWN_BODY_LIMIT). */
export const API_BODY_LIMIT = 256 * 1024;

/** Endpoints that read their body with a limit of their own (file uploads). */
const OWN_BODY_LIMIT: readonly RegExp[] = [
  CMS_UPLOAD_PATH,
  PRACTICE_UPLOAD_PATH,
  REPORT_UPLOAD_PATH,
  USER_PHOTO_PATH,
  PROFILE_UPLOAD_PATH,
];

export interface SiteSource {
  /** The live build, or null while the first one is not ready. */
  current(): SiteFiles | null;
}

export const BACKOFFICE_SHELL = '/app-shell/index.html';

export function createApp(deps: AppDeps, site: SiteSource, options: { log?: (line: string) => void } = {}) {
  const app = new Hono<AppEnv>();
  const log = options.log;

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    await next();
    const ms = performance.now() - started;
    deps.metrics.request(c.req.method, routePath(c), c.res.status, ms / 1000);
    log?.(`${c.req.method} ${logSafe(c.req.path)} ${c.res.status} ${ms.toFixed(1)}ms`);
  });
  app.use('*', securityHeaders);
  // Messages and field errors in the request's language (decision 043).
  app.use('/api/*', apiLanguage());
  app.use('/api/*', limitApiBody());

  const api = new Hono<AppEnv>()
    .get('/config', (c) =>
      c.json<ClientConfig>({
        firebase: {
          apiKey: deps.env.FIREBASE_API_KEY,
          authDomain: deps.env.FIREBASE_AUTH_DOMAIN ?? `${deps.env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          projectId: deps.env.FIREBASE_PROJECT_ID,
        },
        authEmulatorUrl: emulatorOrigin(deps.env),
        tokenSyncUrl: deps.env.TOKEN_SYNC_URL,
      }),
    )
    .route('/', identityRoutes)
    .route('/', userRoutes)
    .route('/', accessRoutes)
    .route('/', countryRoutes)
    .route('/', translationRoutes)
    .route('/', signatureRoutes)
    .route('/', cmsRoutes)
    .route('/', videoRoutes)
    .route('/', publicCmsRoutes)
    .route('/', contactRoutes)
    .route('/', publicPracticeRoutes)
    .route('/', practiceRoutes)
    .route('/', siteRoutes)
    // Public before the signed-in routes: /report/type/national/public/… must not reach requireUser.
    .route('/', publicNationalReportRoutes)
    .route('/', questionRoutes)
    // One address for every form's answers (decision 071).
    .route('/', answersRoutes([nationalReportAnswers, practiceSectionAnswers, profileFigureAnswers]))
    .route('/', reportReviewRoutes)
    .route('/', reportFlagRoutes)
    .route('/', nationalSynthesisRoutes)
    .route('/', nationalReportRoutes)
    .route('/', publicProfileRoutes)
    // SDMX (issue 36): public, answers CORS GET from any origin.
    .route('/', sdmxRoutes)
    .route('/', profileRoutes)
    .route('/', notificationRoutes)
    .route('/', mailRoutes)
    // The public API's OpenAPI document (issue 36).
    .route('/', openApiRoutes)
    .route(
      '/',
      healthRoutes({
        loaded: () => site.current() !== null,
        health: () => siteHealthOf(deps, site.current() !== null),
      }),
    );
  app.route('/api', api);
  app.route('/', metricsRoutes);

  app.all('/api/*', (c) =>
    c.json<ErrorResponse>(
      errorBody(404, say('No API endpoint {method} {path}', { method: c.req.method, path: c.req.path })),
      404,
    ),
  );

  app.route('/', uploadRoutes);

  app.on(['GET', 'HEAD'], '*', (c) => serveSite(c, deps, site.current()));

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) return c.json<ErrorResponse>(errorBody(404, 'Not found'), 404);
    return c.json<ErrorResponse>(
      errorBody(405, say('Method {method} is not allowed here', { method: c.req.method })),
      405,
    );
  });

  app.onError((error, c) => {
    if (error instanceof StaleWriteError)
      return c.json<ErrorResponse & { current: unknown }>(
        { ...errorBody(409, error.said), current: error.current },
        409,
      );
    if (error instanceof LockedError)
      return c.json<ErrorResponse & { reason: string }>({ ...errorBody(423, error.said), reason: error.reason }, 423);
    if (error instanceof ApiError)
      return c.json<ErrorResponse>(errorBody(error.status, error.said, error.errors), error.status);
    if (error instanceof HTTPException)
      return c.json<ErrorResponse>(errorBody(error.status, error.message), error.status);
    console.error(`${c.req.method} ${logSafe(c.req.path)} failed: ${errorForLog(error)}`);
    if (!c.req.path.startsWith('/api/')) {
      const files = site.current();
      const locale = localeOfPath(c.req.path);
      // The error page in the address's language (decision 041), else the English one.
      const page =
        (locale === 'en' ? undefined : files?.get(`/${locale}/server-error/index.html`)) ??
        files?.get('/server-error/index.html');
      if (page) return sendFile(c, deps, page, 500);
    }
    return c.json<ErrorResponse>(errorBody(500, 'Something went wrong on our side; please try again'), 500);
  });

  return app;
}

/**
 * The API's body limit (API_BODY_LIMIT), except for uploads, which read their body with a limit
 * of their own, and GET and HEAD, which carry none. A body of declared length (Content-Length, no
 * Transfer-Encoding: Node's parser ends it there) is judged by that header alone; touching the body
 * itself makes @hono/node-server build a full Request and stream it, where `c.req.json()` would read
 * it straight from the socket. A streamed body is counted as it arrives.
 */
function limitApiBody(): MiddlewareHandler<AppEnv> {
  const tooLarge = () => {
    throw new ApiError(413, say('The request body is larger than {size} KB', { size: API_BODY_LIMIT / 1024 }));
  };
  const limitBody = bodyLimit({ maxSize: API_BODY_LIMIT, onError: tooLarge });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (OWN_BODY_LIMIT.some((path) => path.test(c.req.path))) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(length)) {
      return Number(length) > API_BODY_LIMIT ? tooLarge() : next();
    }
    return limitBody(c, next);
  };
}

/** A page or file of the live build; the back-office's shell for its paths; else the not-found page. */
function serveSite(c: Context<AppEnv>, deps: AppDeps, files: SiteFiles | null) {
  if (!files) return c.text('The site is being built: try again in a few seconds.', 503, { 'Retry-After': '5' });
  if (withdrawn(deps, c.req.path)) return sendNotFound(c, deps, files, 410);
  const authLocale = authPageLocale(
    c.req.path,
    c.req.header('cookie'),
    c.req.header('accept-language'),
    c.req.query('lang'),
  );
  const file =
    files.resolve(authLocale ? authPagePath(c.req.path, authLocale) : c.req.path) ??
    (authLocale ? files.resolve(c.req.path) : null);
  if (file) return sendFile(c, deps, file, 200, authLocale !== null);
  if (isBackofficePath(c.req.path)) {
    const shell = files.get(BACKOFFICE_SHELL);
    if (shell) return sendFile(c, deps, shell, 200);
  }
  return sendNotFound(c, deps, files);
}

/**
 * Whether the page was withdrawn after the live build was made (decision 053): it is answered
 * 410 Gone on every instance at once, whatever happens to the rebuild.
 */
function withdrawn(deps: AppDeps, path: string): boolean {
  if (deps.withdrawals.size === 0) return false;
  const live = deps.site.status().live;
  const started = live ? new Date(live.started ?? live.since).getTime() : null;
  return deps.withdrawals.blocked(path, started) !== null;
}

/**
 * The not-found page in the address's language (`/fr/…` gets the French one), else the English
 * one; for a page withdrawn, the withdrawn page with 410 (not kept by caches either).
 */
function sendNotFound(c: Context<AppEnv>, deps: AppDeps, files: SiteFiles, status: 404 | 410 = 404) {
  const locale = localeOfPath(c.req.path);
  const name = status === 410 ? 'page-withdrawn' : 'page-not-found';
  const own = locale === 'en' ? undefined : files.get(`/${locale}/${name}/index.html`);
  const english =
    status === 410 ? files.get(`/${name}/index.html`) : (files.get('/404.html') ?? files.get(`/${name}/index.html`));
  // A build older than the withdrawn page falls back to the not-found page, still with 410.
  const page = own ?? english ?? files.get('/404.html') ?? files.get('/page-not-found/index.html');
  if (page) return sendFile(c, deps, page, status);
  return c.text(status === 410 ? 'This page has been withdrawn' : 'Page not found', status);
}

/** Each page's CSP, built once per file (and per environment) instead of on every request. */
const pageCsps = new WeakMap<SiteFile, { env: AppDeps['env']; csp: string }>();

function cspOf(deps: AppDeps, file: SiteFile, path: string): string {
  const cached = pageCsps.get(file);
  if (cached?.env === deps.env) return cached.csp;
  const csp = pageCsp(deps.env, file.scriptHashes, { wasm: WASM_PAGES.has(path) });
  pageCsps.set(file, { env: deps.env, csp });
  return csp;
}

function sendFile(
  c: Context<AppEnv>,
  deps: AppDeps,
  file: SiteFile,
  status: 200 | 404 | 410 | 500,
  negotiated = false,
) {
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    ETag: file.etag,
    // A sign-in page at its plain address is chosen by language (src/server/auth-pages.ts).
    Vary: negotiated ? 'Accept-Encoding, Accept-Language, Cookie' : 'Accept-Encoding',
    'Cache-Control': file.immutable
      ? 'public, max-age=31536000, immutable'
      : status === 410
        ? 'no-store'
        : file.type.startsWith('text/html')
          ? 'no-cache'
          : 'public, max-age=86400',
  };
  if (file.type.startsWith('text/html')) headers['Content-Security-Policy'] = cspOf(deps, file, c.req.path);
  if (status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
  const { body, encoding } = acceptedBody(c.req.header('accept-encoding'), file);
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  // A view of the file's bytes, not a copy: site files never change once loaded.
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), status, headers);
}
