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

const HEADING = /^(#{1,4})\s+(.*)$/;

/**
 * HTML of `markdown`, its headings fitted into the page's outline: the body's shallowest heading
 * (whether the writer used `#` or `##`) becomes `<h{baseLevel}>`, and a heading never goes more
 * than one level deeper than the one before it (`#` then `###` gives h2 then h3), so the page
 * never skips a level whatever is typed.
 */
export function renderMarkdown(markdown: string, baseLevel = 2): string {
  const blocks = markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.split('\n').filter((l) => l.trim() !== ''))
    .filter((lines) => lines.length > 0);
  const depthOf = (lines: string[]) => (lines.length === 1 ? (HEADING.exec(lines[0]!)?.[1]?.length ?? null) : null);
  const depths = blocks.map(depthOf).filter((d): d is number => d !== null);
  const shallowest = depths.length > 0 ? Math.min(...depths) : 1;
  const html: string[] = [];
  let previous = baseLevel - 1;
  for (const lines of blocks) {
    const heading = lines.length === 1 ? HEADING.exec(lines[0]!) : null;
    if (heading) {
      const level = Math.min(6, previous + 1, baseLevel + heading[1]!.length - shallowest);
      previous = level;
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
