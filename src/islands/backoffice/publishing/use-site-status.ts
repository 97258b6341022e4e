import { useStore } from '@nanostores/react';
import { $publishing, $siteStatus, sitePhase } from './site-status-store.ts';

/**
 * The public site's status as every view of it reads it: the fetched answer (`status`, for its
 * error), its data once there, where the site stands (`phase`) and whether a publish is under way.
 */
export function useSiteStatus() {
  const status = useStore($siteStatus);
  const publishing = useStore($publishing);
  const data = status.data?.data;
  return { status, data, phase: sitePhase(data), publishing };
}
