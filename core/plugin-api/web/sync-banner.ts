/**
 * The sync status banner (spec 2 section 4), an entry of its own: only pages that report portal sync load it,
 * not every page that uses the rest of the UI kit.
 */
export { SyncBanner } from './components/SyncBanner';
export type { SyncBannerProps } from './components/SyncBanner';
