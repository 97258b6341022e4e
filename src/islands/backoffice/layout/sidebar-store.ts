import { atom, computed } from 'nanostores';

/** Sidebar widths of spec §2 and §9, in CSS pixels. */
export const SIDEBAR_OPEN_PX = 240;
export const SIDEBAR_COLLAPSED_PX = 60;

const PINNED_KEY = 'apua.sidebar.pinned';

function readPinned(): boolean {
  try {
    return globalThis.localStorage?.getItem(PINNED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Kept open by the toggle button (remembered per browser). */
export const $sidebarPinned = atom(readPinned());
/** Open while the pointer is over it (mouseenter / mouseleave). */
export const $sidebarHovered = atom(false);
/** Open while the keyboard focus is inside it. */
export const $sidebarFocused = atom(false);

/** Set when a link was followed: the sidebar folds away until the pointer or focus comes back. */
export const $sidebarResting = atom(false);

export const $sidebarExpanded = computed(
  [$sidebarPinned, $sidebarHovered, $sidebarFocused, $sidebarResting],
  (pinned, hovered, focused, resting) => pinned || (!resting && (hovered || focused)),
);

function setPinned(pinned: boolean): void {
  $sidebarPinned.set(pinned);
  try {
    globalThis.localStorage?.setItem(PINNED_KEY, pinned ? '1' : '0');
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}

/** The toggle button: collapses the sidebar if it shows open, otherwise keeps it open. */
export function toggleSidebar(): void {
  const collapse = $sidebarExpanded.get();
  setPinned(!collapse);
  if (collapse) {
    $sidebarHovered.set(false);
    $sidebarFocused.set(false);
  }
}

export function setSidebarHovered(hovered: boolean): void {
  if (!hovered) $sidebarResting.set(false);
  $sidebarHovered.set(hovered);
}

/** `entering`: the focus came from outside the sidebar (Tab, click), which wakes it up again. */
export function setSidebarFocused(focused: boolean, entering = false): void {
  if (entering) $sidebarResting.set(false);
  $sidebarFocused.set(focused);
}

/** Moving on inside the sidebar with the keyboard opens it again after a fold. */
export function wakeSidebar(): void {
  $sidebarResting.set(false);
}

/**
 * After a link is followed the sidebar gets out of the way of the new screen: a hover-opened
 * sidebar folds until the pointer leaves and comes back; on narrow screens, where the open
 * sidebar covers the page, a pinned one closes too.
 */
export function foldAfterNavigation(): void {
  $sidebarResting.set(true);
  if (typeof matchMedia !== 'undefined' && matchMedia('(max-width: 767px)').matches) setPinned(false);
}

/** Escape inside the sidebar: close it and give the focus back to the toggle button. */
export function closeSidebar(): void {
  setPinned(false);
  $sidebarHovered.set(false);
  $sidebarFocused.set(false);
  document.getElementById(SIDEBAR_TOGGLE_ID)?.focus();
}

export const SIDEBAR_TOGGLE_ID = 'sidebar-toggle';
