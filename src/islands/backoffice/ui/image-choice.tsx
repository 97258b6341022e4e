import type { ReactNode, RefObject } from 'react';
import { Icon } from './icons.tsx';
import { ui } from './styles.ts';

/**
 * The pieces of a form's picture (a CMS item's image, a theme's hero, a report's cover): the
 * preview's frame, its "no picture" note and the file choosers. Every word comes from the form.
 */

/** The frame a picture is previewed in, before and after it is uploaded. */
export function ImageFrame({
  aspect = 'aspect-video',
  children,
}: {
  aspect?: 'aspect-video' | 'aspect-[16/10]';
  children: ReactNode;
}) {
  return (
    <div
      className={
        `flex ${aspect} w-full max-w-xs shrink-0 items-center justify-center overflow-hidden rounded-md ` +
        `bg-slate-100 ring-1 ring-slate-200`
      }
    >
      {children}
    </div>
  );
}

/** What the frame shows without a picture. */
export function NoImage({ text }: { text: string }) {
  return (
    <span className="flex flex-col items-center gap-1 text-sm text-slate-600">
      <Icon name="image" className="size-6" />
      {text}
    </span>
  );
}

/** The file a person chose (the input is emptied, so the same file can be chosen again after it was discarded). */
function takeFile(input: HTMLInputElement, onFile: (file: File | undefined) => void): void {
  const file = input.files?.[0];
  input.value = '';
  onFile(file);
}

/**
 * A picture's file chooser as a button: the native control is hidden for a button-like label,
 * since its "No file chosen" would contradict the preview.
 */
export function ImageFileButton({
  inputRef,
  id,
  accept,
  disabled,
  describedBy,
  label,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  id: string;
  accept: string;
  disabled: boolean;
  describedBy: string;
  label: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(event) => takeFile(event.target, onFile)}
      />
      <label
        htmlFor={id}
        className={
          `${ui.secondaryButton} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 ` +
          `peer-focus-visible:outline-accent-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`
        }
      >
        <Icon name="image" className="size-4" />
        {label}
      </label>
    </>
  );
}

/**
 * A file input out of sight, opened by the screen's own buttons (`inputRef.current.click()`), named for assistive tech.
 */
export function HiddenFileInput({
  inputRef,
  id,
  label,
  accept,
  tabIndex,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  id: string;
  label: string;
  accept: string;
  tabIndex?: number;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={tabIndex}
        onChange={(event) => takeFile(event.target, onFile)}
      />
    </>
  );
}
