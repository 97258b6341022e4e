import { describe, expect, it } from 'vitest';
import { formatTime } from '../ui/format.ts';
import { saveBarState, type SaveBarState } from './save-bar-state.ts';

/** The bar as `saveBarState` describes it: neither "Retry now" nor the way to the answers to settle unless said. */
const saveBar = (
  tone: SaveBarState['tone'],
  message: string,
  { retry = false, settle = false } = {},
): SaveBarState => ({
  tone,
  message,
  retry,
  settle,
});

describe('the save bar', () => {
  it('says every answer is saved when nothing waits', () => {
    expect(saveBarState([], 'online', false)).toEqual(saveBar('quiet', 'All answers are saved.'));
    expect(saveBarState(['saved', 'idle', 'warning'], 'online', false).message).toBe('All answers are saved.');
  });

  it('says when the last save of this visit reached the server, in the reader’s time', () => {
    const at = '2026-03-01T14:02:00Z';
    expect(saveBarState([], 'online', false, at)).toEqual(
      saveBar('quiet', `All answers are saved. Last saved at ${formatTime(at)}.`),
    );
    expect(formatTime(at)).toMatch(/^\d\d:02$/);
    // Anything still on its way comes first: the time is said only once all is saved.
    expect(saveBarState(['saving'], 'online', false, at).message).toBe('Saving…');
  });

  it('says "Saving…" while the person types and while answers wait or travel, with no failure words', () => {
    for (const kinds of [['typing'], ['editing'], ['pending'], ['saving'], ['typing', 'saving', 'pending']] as const) {
      const bar = saveBarState(kinds, 'online', false);
      expect(bar).toEqual(saveBar('busy', 'Saving…'));
      expect(bar.message).not.toMatch(/not saved|could not|retry/i);
    }
  });

  it('speaks of failure and offers "Retry now" only after a save failed', () => {
    expect(saveBarState(['failed'], 'online', false)).toEqual(
      saveBar('problem', 'Could not save 1 answer', { retry: true }),
    );
    expect(saveBarState(['failed', 'failed', 'saving'], 'online', false)).toEqual(
      saveBar('problem', 'Could not save 2 answers · Saving…', { retry: true }),
    );
  });

  it('sends the person to answers only they can settle, without a pointless retry', () => {
    expect(saveBarState(['invalid'], 'online', false)).toEqual(
      saveBar('problem', '1 answer needs your attention', { settle: true }),
    );
    expect(saveBarState(['conflict', 'invalid', 'typing'], 'online', false)).toEqual(
      saveBar('problem', '2 answers need your attention · Saving…', { settle: true }),
    );
  });

  it('keeps answers on the device while offline or signed out, and says where they go', () => {
    expect(saveBarState(['pending'], 'offline', false)).toEqual(
      saveBar('waiting', 'Not saved: offline — 1 answer is kept on this device and sent when you are back online', {
        retry: true,
      }),
    );
    expect(saveBarState(['pending', 'pending'], 'signedOut', false)).toEqual(
      saveBar(
        'waiting',
        'Not saved: your sign-in has expired — 2 answers are kept on this device and sent once you sign in again',
      ),
    );
  });

  it('says the answers are locked, and how many did not make it', () => {
    expect(saveBarState([], 'online', true)).toEqual(saveBar('quiet', 'Answers are locked.'));
    expect(saveBarState(['locked', 'pending'], 'online', true)).toEqual(
      saveBar('problem', 'Answers are locked: 2 answers were not saved.'),
    );
  });
});
