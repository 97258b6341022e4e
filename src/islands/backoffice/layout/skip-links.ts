import { atom } from 'nanostores';

/** A skip link a screen adds after "Skip to content" (the questionnaire's "Skip to the first question"). */
export interface SkipLink {
  id: string;
  label: string;
  /** Where the link points without a script (an element's id on the screen). */
  href: string;
  go: () => void;
}

/** The screen's own skip links, shown by the signed-in layout right after its own (issue 32: the first Tab stops). */
export const $skipLinks = atom<readonly SkipLink[]>([]);

/** Adds a skip link while the screen shows; returns its removal. */
export function addSkipLink(link: SkipLink): () => void {
  $skipLinks.set([...$skipLinks.get().filter((other) => other.id !== link.id), link]);
  return () => $skipLinks.set($skipLinks.get().filter((other) => other !== link));
}
