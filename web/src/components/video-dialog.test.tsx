import { describe, expect, it } from 'vitest';
import { isEmbedUrl } from './video-dialog';

describe('isEmbedUrl', () => {
  it.each([
    'https://www.youtube.com/embed/aqz-KE-bpKQ',
    'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    'https://player.vimeo.com/video/76979871',
  ])('plays the player link %s in an iframe', (url) => {
    expect(isEmbedUrl(url)).toBe(true);
  });

  it.each([
    '/files/public/videos/intro.mp4',
    'https://player.vimeo.com.evil.example/video/1',
    'https://vimeo.com/76979871',
  ])('plays %s as a file', (url) => {
    expect(isEmbedUrl(url)).toBe(false);
  });
});
