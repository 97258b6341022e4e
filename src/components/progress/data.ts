/** The progress assessment as the public pages and progress.csv read it: from the published themes, once per build. */
import { perBuild } from '../page-data.ts';
import { profileCategories } from '../profile/data.ts';
import { assessProfile } from '../../lib/progress/profile.ts';

export const profileProgress = perBuild(['profileCategories'], async () => assessProfile(await profileCategories()));

export const progressPaths = {
  dashboard: '/urbanisation-profile/progress',
  method: '/urbanisation-profile/progress/method',
  csv: '/urbanisation-profile/progress.csv',
  coverage: '/urbanisation-profile/coverage',
};
