/** Where media-gallery videos may be hosted: these sites and their subdomains (www., m., player.). */
export const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'vimeo.com'] as const;

/** `text` as a web address (http or https); null for anything else. */
export function webUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/** True for an http(s) address on YouTube or Vimeo. */
export function isHostedVideoUrl(url: string): boolean {
  const parsed = webUrl(url);
  if (!parsed) return false;
  if (parsed.username || parsed.password || parsed.port) return false;
  const host = parsed.hostname.toLowerCase();
  return VIDEO_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export const VIDEO_HOST_MESSAGE = 'must be a YouTube or Vimeo address';
