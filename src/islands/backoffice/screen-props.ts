import type { Whoami } from '../../lib/identity/schema.ts';
import type { AppPage } from './router.ts';

/** What every screen receives: the current page (route, params, query) and the signed-in identity. */
export interface ScreenProps {
  page: AppPage;
  identity: Whoami;
}
