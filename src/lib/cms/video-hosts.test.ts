import { expect, test } from 'vitest';
import { isHostedVideoUrl } from './video-hosts.ts';

test.each([
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://youtube.com/embed/x',
  'https://YOUTU.BE/x',
  'http://vimeo.com/1',
  'https://player.vimeo.com/video/1',
])('%s is a hosted video', (url) => {
  expect(isHostedVideoUrl(url)).toBe(true);
});

test.each([
  'https://example.com/v',
  'https://youtube.com.example.net/v',
  'https://evilyoutube.com/v',
  'https://a:b@youtube.com/v',
  'https://youtube.com:444/v',
  'ftp://youtube.com/v',
  'javascript:alert(1)//youtube.com',
  'youtube.com/watch',
])('%s is not', (url) => {
  expect(isHostedVideoUrl(url)).toBe(false);
});
