import { isAdminLevel } from '../../../../lib/access/permissions.ts';
import type { Whoami } from '../../../../lib/identity/schema.ts';
import type { CommentRights } from './answer-comments.tsx';

/**
 * What the person may do with the comments on a report's answers, as the server decides it
 * (src/lib/national-reports/comments.server.ts): reviewers open threads; reviewers and the country's
 * focal points and country administrators reply, resolve and reopen.
 */
export function reviewRights(identity: Whoami): CommentRights {
  const reviewer = isAdminLevel(identity);
  const country = identity.roles.some((r) => r.name === 'state_admin' || r.name === 'state_member');
  return { comment: reviewer, reply: reviewer || country };
}
