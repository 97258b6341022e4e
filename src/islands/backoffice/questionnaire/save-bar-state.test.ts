import { describe, expect, it } from 'vitest';
import { formatTime } from '../ui/format.ts';
import { saveBarState } from './save-bar-state.ts';

describe('the save bar', () => {
  it('says every answer is saved when nothing waits', () => {
    expect(saveBarState([], 'online', false)).toEqual({
      tone: 'quiet',
      message: 'All answers are saved.',
      retry: false,
      settle: false,
    });
    expect(saveBarState(['saved', 'idle', 'warning'], 'online', false).message).toBe('All answers are saved.');
  });

  it('says when the last save of this visit reached the server, in the reader’s time', () => {
    const at = '2026-03-01T14:02:00Z';
    expect(saveBarState([], 'online', false, at)).toEqual({
      tone: 'quiet',
      message: `All answers are saved. Last saved at ${formatTime(at)}.`,
      retry: false,
      settle: false,
    });
    expect(formatTime(at)).toMatch(/^\d\d:02$/);
    // Anything still on its way comes first: the time is said only once all is saved.
    expect(saveBarState(['saving'], 'online', false, at).message).toBe('Saving…');
  });

  it('says "Saving…" while the person types and while answers wait or travel, with no failure words', () => {
    for (const kinds of [['typing'], ['editing'], ['pending'], ['saving'], ['typing', 'saving', 'pending']] as const) {
      const bar = saveBarState(kinds, 'online', false);
      expect(bar).toEqual({ tone: 'busy', message: 'Saving…', retry: false, settle: false });
      expect(bar.message).not.toMatch(/not saved|could not|retry/i);
    }
  });

  it('speaks of failure and offers "Retry now" only after a save failed', () => {
    expect(saveBarState(['failed'], 'online', false)).toEqual({
      tone: 'problem',
      message: 'Could not save 1 answer',
      retry: true,
      settle: false,
    });
    expect(saveBarState(['failed', 'failed', 'saving'], 'online', false)).toEqual({
      tone: 'problem',
      message: 'Could not save 2 answers · Saving…',
      retry: true,
      settle: false,
    });
  });

  it('sends the person to answers only they can settle, without a pointless retry', () => {
    expect(saveBarState(['invalid'], 'online', false)).toEqual({
      tone: 'problem',
      message: '1 answer needs your attention',
      retry: false,
      settle: true,
    });
    expect(saveBarState(['conflict', 'invalid', 'typing'], 'online', false)).toEqual({
      tone: 'problem',
      message: '2 answers need your attention · Saving…',
      retry: false,
      settle: true,
    });
  });

  it('keeps answers on the device while offline or signed out, and says where they go', () => {
    expect(saveBarState(['pending'], 'offline', false)).toEqual({
      tone: 'waiting',
      message: 'Not saved: offline — 1 answer is kept on this device and sent when you are back online',
      retry: true,
      settle: false,
    });
    expect(saveBarState(['pending', 'pending'], 'signedOut', false)).toEqual({
      tone: 'waiting',
      message:
        'Not saved: your sign-in has expired — 2 answers are kept on this device and sent once you sign in again',
      retry: false,
      settle: false,
    });
  });

  it('says the answers are locked, and how many did not make it', () => {
    expect(saveBarState([], 'online', true)).toEqual({
      tone: 'quiet',
      message: 'Answers are locked.',
      retry: false,
      settle: false,
    });
    expect(saveBarState(['locked', 'pending'], 'online', true)).toEqual({
      tone: 'problem',
      message: 'Answers are locked: 2 answers were not saved.',
      retry: false,
      settle: false,
    });
  });
});
