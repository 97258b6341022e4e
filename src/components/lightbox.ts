/**
 * Behaviour of the media gallery's photo viewer (Lightbox.astro). Thumbnails are links with
 * data-* attributes describing the photo; this turns them into a modal viewer.
 */
import { formatMessage } from '../lib/i18n/message-format.ts';

interface Photo {
  link: HTMLAnchorElement;
  src: string;
  srcset: string;
  width: string;
  height: string;
  caption: string;
  description: string;
  group: string;
}

function photoOf(link: HTMLAnchorElement): Photo {
  const d = link.dataset;
  return {
    link,
    src: link.href,
    srcset: d['srcset'] ?? '',
    width: d['width'] ?? '',
    height: d['height'] ?? '',
    caption: d['caption'] ?? '',
    description: d['description'] ?? '',
    group: d['group'] ?? '',
  };
}

/** The index `step` away from `index` in a list of `length`, wrapping round. */
export function wrapIndex(index: number, step: number, length: number): number {
  return length === 0 ? 0 : (((index + step) % length) + length) % length;
}

/** "Photo 2 of 5, Forum 2026", in the page's words and language (data-counter-text, decision 041). */
function counterText(counter: HTMLElement, index: number, total: number, group: string | undefined): string {
  const lang = counter.ownerDocument.documentElement.lang || 'en';
  const template = counter.dataset['counterText'] ?? 'Photo {index} of {total}';
  const text = formatMessage(lang, template, { index: index + 1, total }, { markup: 'raw' });
  return group ? `${text}, ${group}` : text;
}

export function enhanceLightbox(doc: Document): void {
  const dialog = doc.querySelector<HTMLDialogElement>('#lightbox');
  if (!dialog || typeof dialog.showModal !== 'function') return;
  const frame = dialog.querySelector<HTMLElement>('[data-frame]')!;
  const counter = dialog.querySelector<HTMLElement>('[data-counter]')!;
  const caption = dialog.querySelector<HTMLElement>('[data-caption]')!;
  const description = dialog.querySelector<HTMLElement>('[data-description]')!;
  const prev = dialog.querySelector<HTMLButtonElement>('[data-prev]')!;
  const next = dialog.querySelector<HTMLButtonElement>('[data-next]')!;
  const close = dialog.querySelector<HTMLButtonElement>('[data-close]')!;

  let photos: Photo[] = [];
  let index = 0;
  let opener: HTMLElement | null = null;

  const show = (i: number) => {
    index = i;
    const photo = photos[i];
    if (!photo) return;
    const img = doc.createElement('img');
    img.src = photo.src;
    if (photo.srcset) {
      img.srcset = photo.srcset;
      img.sizes = '100vw';
    }
    if (photo.width) img.width = Number(photo.width);
    if (photo.height) img.height = Number(photo.height);
    img.alt = photo.caption;
    img.decoding = 'async';
    img.className = 'max-h-full max-w-full object-contain';
    frame.replaceChildren(img);
    caption.textContent = photo.caption;
    description.textContent = photo.description;
    counter.textContent = counterText(counter, i, photos.length, photo.group);
    prev.hidden = next.hidden = photos.length < 2;
  };
  const move = (step: number) => show(wrapIndex(index, step, photos.length));

  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a.lightbox-link');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const group = link.dataset['group'] ?? '';
    photos = [...doc.querySelectorAll<HTMLAnchorElement>('a.lightbox-link')]
      .filter((a) => (a.dataset['group'] ?? '') === group)
      .map(photoOf);
    opener = link;
    show(
      Math.max(
        0,
        photos.findIndex((p) => p.link === link),
      ),
    );
    dialog.showModal();
    close.focus();
  });

  prev.addEventListener('click', () => move(-1));
  next.addEventListener('click', () => move(1));
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog itself, outside its content) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || event.target === frame) dialog.close();
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'Tab') {
      // Keep Tab inside the viewer (the page behind is inert, but the browser's own UI is not).
      const focusable = [close, prev, next].filter((b) => !b.hidden);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && doc.activeElement === first) last?.focus();
      else if (!event.shiftKey && doc.activeElement === last) first?.focus();
      else return;
    } else return;
    event.preventDefault();
  });
  // Escape closes a modal dialog natively; whichever way it closes, focus returns to the thumbnail.
  dialog.addEventListener('close', () => {
    frame.replaceChildren();
    opener?.focus();
  });
}
