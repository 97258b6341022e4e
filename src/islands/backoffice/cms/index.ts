/** The CMS module's screens (banners, media gallery, partners), loaded together as one chunk. */
export { CmsListScreen } from './cms-list-screen.tsx';
export { CmsFormScreen } from './cms-form-screen.tsx';
