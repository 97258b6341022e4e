import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue sentence with elements inside it (a link, a name in bold): `{name}` placeholders
 * of `text` are replaced by `parts[name]`, so each language places them where its grammar wants.
 *
 *   richText(m('verify.sentTo'), { email: <strong>{email}</strong> })
 */
export function richText(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text
    .split(/\{(\w+)\}/)
    .map((piece, index) => (index % 2 === 1 ? <Fragment key={index}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece));
}
