import { describe, expect, it } from 'vitest';
import { pageCsp } from '../server/security-headers.ts';
import { parseEnv } from '../lib/env.server.ts';
import { VIDEO_FRAME_HOSTS, videoEmbed } from './video-embed.ts';

describe('videoEmbed', () => {
  it('turns YouTube page URLs into privacy-enhanced players', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(videoEmbed(url)).toEqual({
        provider: 'YouTube',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
      });
    }
  });

  it('turns Vimeo page URLs into players that do not track', () => {
    expect(videoEmbed('https://vimeo.com/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
    expect(videoEmbed('https://vimeo.com/channels/staffpicks/76979871')?.provider).toBe('Vimeo');
  });

  it('refuses anything else', () => {
    for (const url of [
      'https://example.org/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=bad',
      'javascript:alert(1)',
      'not a url',
      'https://vimeo.com/about',
    ]) {
      expect(videoEmbed(url)).toBeNull();
    }
  });

  it('embeds only from hosts the page CSP allows in frames', () => {
    const csp = pageCsp(parseEnv({ FIREBASE_PROJECT_ID: 'demo-apua' }), []);
    const frameSrc = /frame-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    for (const host of VIDEO_FRAME_HOSTS) expect(frameSrc).toContain(host);
  });
});
