import MarkdownIt from 'markdown-it';
import type { Env, RendererRule, Token } from 'markdown-it';
import { isAllowedHref } from './link-policy.ts';

/**
 * The Markdown of a category overview, rendered to HTML for the public page and the back-office
 * preview by markdown-it (CommonMark, plus bare web addresses as links): headings, paragraphs (a
 * single line break stays one), bullet and numbered lists, bold, italics and links. HTML written
 * in the text is shown as text, never passed on; pictures are shown as their description; links
 * go only to the targets of `isAllowedHref` (others keep their label as plain text).
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
// Every target is checked by the allow-list when the link is drawn, on the exact string the
// browser will read: markdown-it's own check and percent-encoding would let it differ.
md.validateLink = () => true;
md.normalizeLink = (url) => url;
md.normalizeLinkText = (text) => text;

const escapeHtml = md.utils.escapeHtml;
const br: RendererRule = () => '<br>';
md.renderer.rules.softbreak = br;
md.renderer.rules.hardbreak = br;

/** Links refused by the allow-list, by their opening token: their closing token draws nothing either. */
interface RenderEnv extends Env {
  dropped: boolean[];
}

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const allowed = isAllowedHref(String(tokens[idx]!.attrGet('href') ?? ''));
  (env as unknown as RenderEnv).dropped.push(!allowed);
  return allowed ? self.renderToken(tokens, idx, options) : '';
};
md.renderer.rules.link_close = (tokens, idx, options, env, self) =>
  (env as unknown as RenderEnv).dropped.pop() ? '' : self.renderToken(tokens, idx, options);
md.renderer.rules.image = (tokens, idx) => escapeHtml(textOf(tokens[idx]!.children ?? []));

function textOf(tokens: readonly Token[]): string {
  return tokens
    .map((t) => (t.children ? textOf(t.children) : t.type === 'softbreak' || t.type === 'hardbreak' ? ' ' : t.content))
    .join('');
}

/**
 * HTML of `markdown`, its headings fitted into the page's outline: the body's shallowest heading
 * (whether the writer used `#` or `##`) becomes `<h{baseLevel}>`, and a heading never goes more
 * than one level deeper than the one before it (`#` then `###` gives h2 then h3), so the page
 * never skips a level whatever is typed.
 */
export function renderMarkdown(markdown: string, baseLevel = 2): string {
  const env: RenderEnv = { dropped: [] };
  const tokens = md.parse(markdown, env);
  const headings = tokens.filter((t) => t.type === 'heading_open');
  const shallowest = Math.min(...headings.map((t) => Number(t.tag.slice(1))));
  let previous = baseLevel - 1;
  for (const [i, token] of tokens.entries()) {
    if (token.type !== 'heading_open') continue;
    const level = Math.max(1, Math.min(6, previous + 1, baseLevel + Number(token.tag.slice(1)) - shallowest));
    previous = level;
    token.tag = `h${level}`;
    const close = tokens.slice(i).find((t) => t.type === 'heading_close');
    if (close) close.tag = token.tag;
  }
  return md.renderer.render(tokens, md.options, env).trimEnd();
}
