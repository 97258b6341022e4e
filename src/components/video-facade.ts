/** Turns each click-to-load video facade into the host's player when someone asks for it. */
export function enhanceVideoFacades(root: ParentNode): void {
  for (const facade of root.querySelectorAll<HTMLElement>('.video-facade[data-embed]')) {
    const link = facade.querySelector('a');
    link?.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const iframe = document.createElement('iframe');
      iframe.src = facade.dataset['embed'] ?? '';
      iframe.title = facade.dataset['frameTitle'] ?? `Video: ${facade.dataset['title'] ?? ''}`;
      iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
      iframe.allowFullscreen = true;
      iframe.referrerPolicy = 'strict-origin-when-cross-origin';
      iframe.className = 'absolute inset-0 size-full border-0';
      facade.replaceChildren(iframe);
      iframe.focus();
    });
  }
}
