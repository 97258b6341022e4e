/** The JSON a practice row stores for its images and attachments (defined with the table). */
export type { StoredAttachment, StoredPracticeImage as StoredImage } from '../db/schema.ts';
