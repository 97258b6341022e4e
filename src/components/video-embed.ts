import { webUrl } from '../lib/cms/video-hosts.ts';

/** Hosted videos (YouTube, Vimeo): where to embed them, and which hosts the page must allow. */

export interface VideoEmbed {
  provider: 'YouTube' | 'Vimeo';
  /** The player to load on request, privacy-enhanced where the host offers it. */
  embedUrl: string;
}

/** The hosts of embedUrl, for the Content-Security-Policy's frame-src. */
export const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The embeddable player of a YouTube or Vimeo page URL; null for anything else. */
export function videoEmbed(pageUrl: string): VideoEmbed | null {
  const url = webUrl(pageUrl);
  if (!url) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(url.pathname)?.[1] ?? null);
  }
  if (youtube && YOUTUBE_ID.test(youtube)) {
    return { provider: 'YouTube', embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1&rel=0` };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /(?:^|\/)(\d{6,12})(?:\/|$)/.exec(url.pathname)?.[1];
    if (id) return { provider: 'Vimeo', embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1` };
  }
  return null;
}
