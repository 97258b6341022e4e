import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';

/**
 * The first page of the chosen PDF, drawn by the browser's own PDF viewer from memory (an object
 * URL: nothing is fetched). Where the browser has no viewer inside pages (most phones), it says
 * so and offers the file to open instead (decision 025).
 */
export function FirstPage({ url, name }: { url: string; name: string }) {
  const canShow = typeof navigator !== 'undefined' && navigator.pdfViewerEnabled === true;
  return (
    <figure className="min-w-0">
      {canShow ? (
        <iframe
          title={m('firstPage.title', { name })}
          src={`${url}#page=1&toolbar=0&navpanes=0&view=Fit`}
          className="aspect-[1/1.414] w-full rounded-md border border-slate-300 bg-slate-100"
        />
      ) : (
        <div
          className={
            'flex aspect-[3/2] w-full items-center justify-center rounded-md border border-dashed border-slate-300 ' +
            'bg-slate-50 p-4 text-center text-sm text-slate-700'
          }
        >
          {m('firstPage.cannotShow')}
        </div>
      )}
      <figcaption className="mt-2 text-sm">
        <span className="text-slate-600">{m('firstPage.caption')} · </span>
        <a href={url} target="_blank" rel="noopener" className={ui.link}>
          {m('firstPage.open')}
        </a>
      </figcaption>
    </figure>
  );
}
