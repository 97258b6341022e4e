import type { Connection } from './autosave-queue.ts';
import { formatTime } from '../ui/format.ts';
import { m } from './messages.ts';

/** Where one answer stands, as the save bar counts it (a field's or a draft's kind). */
export type AnswerKind =
  | 'typing'
  | 'editing'
  | 'pending'
  | 'saving'
  | 'saved'
  | 'failed'
  | 'conflict'
  | 'invalid'
  | 'locked'
  | 'idle'
  | 'warning';

/** What the bar at the bottom of a questionnaire says, and which buttons it offers. */
export interface SaveBarState {
  tone: 'quiet' | 'busy' | 'waiting' | 'problem';
  message: string;
  /** "Retry now": only once a save actually failed (or could not reach the server). */
  retry: boolean;
  /** "Show them": answers only the person can settle (to correct, or a conflict to choose). */
  settle: boolean;
}

/**
 * The save bar's words (issue 16, issue 32): the same as each question's (field-words.ts).
 * "Saving…" while the person types (saved after a short pause) and while answers wait or travel;
 * "All answers are saved. Last saved at 14:02." once they are; "Not saved: offline — …" while
 * the device keeps them; "Could not save …" and "Retry now" only after a save has failed.
 * `kinds` has one entry per answer not in a settled state (drafts and typed-in questions);
 * `lastSavedAt`: when this visit's last save reached the server.
 */
export function saveBarState(
  kinds: readonly AnswerKind[],
  connection: Connection,
  locked: boolean,
  lastSavedAt: string | null = null,
): SaveBarState {
  let busy = 0;
  let failed = 0;
  let settle = 0;
  let held = 0;
  for (const kind of kinds) {
    if (kind === 'typing' || kind === 'editing' || kind === 'pending' || kind === 'saving') busy++;
    else if (kind === 'failed') failed++;
    else if (kind === 'invalid' || kind === 'conflict') settle++;
    else if (kind === 'locked') held++;
  }
  if (locked) {
    const unsaved = busy + failed + settle + held;
    return unsaved === 0
      ? { tone: 'quiet', message: m('saveBar.locked'), retry: false, settle: false }
      : { tone: 'problem', message: m('saveBar.lockedUnsaved', { count: unsaved }), retry: false, settle: false };
  }
  const parts: string[] = [];
  if (failed > 0) parts.push(m('saveBar.failed', { count: failed }));
  if (settle > 0) parts.push(m('saveBar.attention', { count: settle }));
  if (busy > 0 && connection === 'offline') parts.push(m('saveBar.offline', { count: busy }));
  else if (busy > 0 && connection === 'signedOut') parts.push(m('saveBar.signedOut', { count: busy }));
  else if (busy > 0) parts.push(m('status.saving'));
  if (parts.length === 0) {
    const message = lastSavedAt ? m('saveBar.allSavedAt', { time: formatTime(lastSavedAt) }) : m('saveBar.allSaved');
    return { tone: 'quiet', message, retry: false, settle: false };
  }
  const tone = failed > 0 || settle > 0 ? 'problem' : connection === 'online' ? 'busy' : 'waiting';
  return {
    tone,
    message: parts.join(' · '),
    retry: failed > 0 || (busy > 0 && connection === 'offline'),
    settle: settle > 0,
  };
}
