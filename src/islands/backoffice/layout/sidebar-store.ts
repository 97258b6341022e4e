import { atom, computed } from 'nanostores';

/** Sidebar widths of spec §2 and §9, in CSS pixels. */
export const SIDEBAR_OPEN_PX = 240;
export const SIDEBAR_COLLAPSED_PX = 60;

/** From this width the sidebar shows its labels unless the person collapsed it. */
export const SIDEBAR_WIDE_QUERY = '(min-width: 1280px)';

const PINNED_KEY = 'apua.sidebar.pinned';

function isWide(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia(SIDEBAR_WIDE_QUERY).matches;
}

/** The person's choice on wide screens: '1' open, '0' collapsed, null not chosen (open). */
function storedChoice(): string | null {
  try {
    return globalThis.localStorage?.getItem(PINNED_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Open with labels on wide screens (≥ 1280 px) unless collapsed with the toggle; icons only
 * on smaller screens, where the open sidebar would take the page's room.
 */
export function initialPinned(wide: boolean, choice: string | null): boolean {
  return wide && choice !== '0';
}

/** Kept open by the toggle button (the choice is remembered per browser). */
export const $sidebarPinned = atom(initialPinned(isWide(), storedChoice()));

if (typeof matchMedia !== 'undefined') {
  // Crossing the breakpoint (a window resized, a tablet turned) applies the rule again.
  matchMedia(SIDEBAR_WIDE_QUERY).addEventListener('change', (event) => {
    $sidebarPinned.set(initialPinned(event.matches, storedChoice()));
  });
}
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
  // Only a choice made on a wide screen is remembered: small screens always start collapsed.
  if (!isWide()) return;
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

/** How long after a fold the sidebar ignores the pointer: its own shrinking moves it past the pointer. */
const FOLD_SETTLE_MS = 400;
let foldedAt = -Infinity;

/**
 * The pointer entered or left. Right after a fold, the shrinking sidebar slides out from under
 * a still pointer (and the browser reports leave and enter again): those do not reopen it. Once
 * it has settled, a leave ends the rest and an enter opens it again.
 */
export function setSidebarHovered(hovered: boolean): void {
  const settling = Date.now() - foldedAt < FOLD_SETTLE_MS;
  if (!settling && (!hovered || $sidebarResting.get())) $sidebarResting.set(false);
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
  foldedAt = Date.now();
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
