/** Where media-gallery videos may be hosted: these sites and their subdomains (www., m., player.). */
export const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'vimeo.com'] as const;

/** True for an http(s) address on YouTube or Vimeo. */
export function isHostedVideoUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password || parsed.port) return false;
  const host = parsed.hostname.toLowerCase();
  return VIDEO_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export const VIDEO_HOST_MESSAGE = 'must be a YouTube or Vimeo address';
