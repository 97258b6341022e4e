/** A piece of a search snippet: text to show as it is, and whether it is a match. */
interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * The parts of a snippet of the answers' search (decision 076): HTML-escaped text where only
 * `<mark>` and `</mark>` are markup. Split on those two alone and unescaped, the parts are shown as
 * text, so nothing an answer holds is ever read as HTML.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      marked = piece === '<mark>';
      continue;
    }
    if (piece) parts.push({ text: piece.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!), marked });
  }
  return parts;
}
