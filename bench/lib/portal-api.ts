/** Calls to the portal's API as a signed-in editor, the way the back-office makes them. */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export class PortalApi {
  readonly base: string;
  readonly #token: string;

  constructor(base: string, token: string) {
    this.base = base;
    this.#token = token;
  }

  async call<T = unknown>(method: 'GET' | 'POST', path: string, json?: unknown): Promise<ApiAnswer<T>> {
    const response = await fetch(`${this.base}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.#token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? null : JSON.stringify(json),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: response.status, body: body as T };
  }

  /** POST /api/cms/upload/{uuid} with the file as multipart/form-data (field "file"). */
  async upload(
    uuid: string,
    bytes: Uint8Array,
    name: string,
    type: string,
  ): Promise<ApiAnswer<{ data?: { image?: { variants?: unknown[] } } }>> {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    const response = await fetch(`${this.base}/api/cms/upload/${uuid}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.#token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }
}

export interface SiteStatus {
  current:
    | { state: 'idle' }
    | { state: 'queued'; since: string }
    | { state: 'building'; since: string; progress: number; step: string };
  live: { id: string; since: string } | null;
  lastFailure: { at: string; reason: string } | null;
}

export async function siteStatus(api: PortalApi): Promise<SiteStatus> {
  const answer = await api.call<{ data: SiteStatus }>('GET', 'site/status');
  if (answer.status !== 200)
    throw new Error(`GET /api/site/status answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/**
 * Polls GET /api/site/status until no build is queued or running and a build other than
 * `previousLiveId` is live (or the last one failed). Returns the status and the build's start
 * as the status showed it. `onStep` hears each new build step with the seconds since the wait began.
 */
export async function waitForBuild(
  api: PortalApi,
  previousLiveId: string | null,
  timeoutMs: number,
  onStep?: (step: string, seconds: number) => void,
): Promise<{ status: SiteStatus; buildingSince: string | null }> {
  const begun = Date.now();
  const deadline = begun + timeoutMs;
  let buildingSince: string | null = null;
  let lastStep = '';
  for (;;) {
    const status = await siteStatus(api);
    if (status.current.state === 'building') {
      buildingSince = status.current.since;
      if (onStep && status.current.step !== lastStep)
        onStep((lastStep = status.current.step), (Date.now() - begun) / 1000);
    }
    if (status.current.state === 'idle') {
      if (status.live && status.live.id !== previousLiveId) return { status, buildingSince };
      if (status.lastFailure) throw new Error(`The site build failed: ${status.lastFailure.reason}`);
    }
    if (Date.now() > deadline)
      throw new Error(`No new site build was live within ${timeoutMs / 1000} s: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
