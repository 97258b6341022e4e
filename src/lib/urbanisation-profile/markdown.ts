/**
 * The small Markdown of a category overview, rendered to HTML for the public page and the
 * back-office preview: headings, paragraphs, bullet and numbered lists, bold, italics and links
 * (http, https, mailto or site paths). Everything else is text: HTML is escaped, never passed on.
 */

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(text: string): string {
  let out = escape(text);
  out = out.replace(/\[([^\]]+)\]\(((?:https?:\/\/|mailto:|\/)[^\s)]*)\)/g, (_, label: string, href: string) => `<a href="${href}">${label}</a>`);
  out = out.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  out = out.replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  return out;
}

/** HTML of `markdown`; headings start at `<h{baseLevel}>` (`#`) so the page outline holds. */
export function renderMarkdown(markdown: string, baseLevel = 2): string {
  const blocks = markdown.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const html: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const heading = /^(#{1,4})\s+(.*)$/.exec(lines[0]!);
    if (heading && lines.length === 1) {
      const level = Math.min(6, baseLevel + heading[1]!.length - 1);
      html.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
    } else if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      html.push(`<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`);
    } else if (lines.every((l) => /^\s*\d+[.)]\s+/.test(l))) {
      html.push(`<ol>${lines.map((l) => `<li>${inline(l.replace(/^\s*\d+[.)]\s+/, ''))}</li>`).join('')}</ol>`);
    } else {
      html.push(`<p>${lines.map(inline).join('<br>')}</p>`);
    }
  }
  return html.join('\n');
}
