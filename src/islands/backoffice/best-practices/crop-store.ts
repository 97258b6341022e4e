import { BestPracticeSchema, PracticeResponseSchema, type Crop } from '../../../lib/best-practices/schema.ts';
import { api, conflictOf, errorMessage } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { m } from './messages.ts';
import { $dirty, $practiceForm, acceptPractice, saveDraft } from './practice-form-store.ts';

/**
 * Has the server cut the card of an uploaded image again with `crop` (after saving what is
 * unsaved: the crop needs the latest version). A stale version shows the practice as it is now.
 */
export async function recropImage(imageId: string, crop: Crop): Promise<boolean> {
  if ($dirty.get() && !(await saveDraft())) return false;
  const { practice } = $practiceForm.get();
  if (!practice) return false;
  $practiceForm.setKey('busyAction', 'crop');
  try {
    const answer = await api.request(
      'POST',
      `best-practice/${encodeURIComponent(practice.uuid)}/image/${encodeURIComponent(imageId)}/crop`,
      {
        schema: PracticeResponseSchema,
        // Four decimals, as with uploads: a tenth of a pixel on a 1,000-pixel picture.
        body: {
          crop: Object.fromEntries(Object.entries(crop).map(([k, v]) => [k, Math.round(v * 10_000) / 10_000])),
          version: practice.version,
        },
      },
    );
    const { draft, base } = $practiceForm.get();
    acceptPractice(answer.data, draft && base ? base : null);
    notifySuccess(m('crop.done'));
    return true;
  } catch (error) {
    const current = conflictOf(error, BestPracticeSchema);
    if (current) {
      // What was unsaved was saved above; edits typed since stay on top of their version.
      const { draft, base } = $practiceForm.get();
      acceptPractice(current, draft && base ? base : null);
      notifyError(m('crop.conflict'));
      return false;
    }
    notifyError(m('crop.failed', { reason: errorMessage(error) }));
    return false;
  } finally {
    $practiceForm.setKey('busyAction', null);
  }
}
