// Whether the side navigation is open on wide screens, remembered in this browser (localStorage). Spec
// 4: it starts closed; after that it stays as the person last left it, across reloads.
const storageKey = 'navigationOpen';

export function readNavigationOpen(): boolean {
  try {
    return window.localStorage.getItem(storageKey) === 'true';
  } catch {
    return false; // storage blocked: start closed, as spec 4 says
  }
}

export function saveNavigationOpen(open: boolean): void {
  try {
    window.localStorage.setItem(storageKey, String(open));
  } catch {
    // storage blocked: the choice lasts until the page is reloaded
  }
}
